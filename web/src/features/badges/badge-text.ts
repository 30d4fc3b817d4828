/** Badge counts show as 99+ above 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
