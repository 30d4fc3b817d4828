/** A link's query string and fragment, where the site's links carry their tokens and addresses (reset, unsubscribe). */
const LINK_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`?#]*)[?#][^\s<>"'`]*/gi;
/** An e-mail address, bare or in angle brackets as SMTP servers quote it. */
const ADDRESS = /[^\s<>"'`(),;:@[\]]+@[^\s<>"'`(),;:@[\]]+/g;

/**
 * A text that may quote an address or a link (an SMTP server's refusal, a store error naming a key, a requested page)
 * without the addresses and the links' query strings, for what operators read: log lines, a job's failure on the
 * queue dashboard, the doctor's report.
 */
export function withoutPersonalData(text: string): string {
  return text.replace(LINK_QUERY, '$1?…').replace(ADDRESS, '[address]');
}
