/** Badge counts show as 99+ above 99 (spec section 9). */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
