/** An ISO time to the minute, as messages and the audit trail show it: `2026-11-30 12:00 UTC`. */
export const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
