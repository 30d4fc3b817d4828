/** A link, whatever its scheme: its path or query may hold a token (a reset link's), so it goes whole. */
const LINK = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/gi;
/** An e-mail address, bare or in angle brackets as SMTP servers quote it. */
const ADDRESS = /[^\s<>"'`(),;:@[\]]+@[^\s<>"'`(),;:@[\]]+/g;

/**
 * A text that may quote an address or a link (an SMTP server's refusal, a store error naming a key) with both taken
 * out, for what operators read: log lines, a job's failure on the queue dashboard, the doctor's report.
 */
export function withoutPersonalData(text: string): string {
  return text.replace(LINK, '[link]').replace(ADDRESS, '[address]');
}
