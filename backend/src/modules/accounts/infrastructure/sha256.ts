import { createHash } from 'node:crypto';

/** Tokens are stored only as their SHA-256: a leaked table holds nothing a client could present. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
