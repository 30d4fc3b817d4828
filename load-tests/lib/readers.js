// Signed-in readers. A virtual user leases its readers from the runner once (load-tests/runner/reader-leases.mjs) and
// keeps them: no other virtual user acts as them, so the user alone rotates their refresh tokens and knows when
// each last commented (the site allows one comment every 30 seconds per reader).
import encoding from 'k6/encoding';
import http from 'k6/http';
import { request, requestAsync } from './http.js';
import { commentRules } from './run-data.js';

/** Renew an access token that expires within this many seconds. */
const RENEW_BEFORE_S = 60;
/** Added to the comment cooldown, for the expiry of the site's cooldown key. */
const COOLDOWN_MARGIN_MS = 250;

const leased = new Map();

/** This virtual user's `count` readers of `pool` ('social', 'live'), leased on first use. */
export function readersOf(pool, count) {
  if (!leased.has(pool)) {
    const response = http.post(`${__ENV.LEASE_URL}/${pool}?count=${count}`, null, { tags: { name: 'lease readers', journey: 'lease' } });
    if (response.status !== 200) throw new Error(`no ${pool} readers to lease: ${response.body}`);
    leased.set(pool, response.json().map((reader) => new Reader(reader)));
  }
  return leased.get(pool);
}

const expiryOf = (token) => JSON.parse(encoding.b64decode(token.split('.')[1], 'rawurl', 's')).exp;

class Reader {
  /** `lastCommentAt` (ms): when the reader's comment cooldown counts from (0, or an earlier run's end). */
  constructor({ email, username, user_id, token, refreshToken, lastCommentAt }) {
    Object.assign(this, { email, username, userId: user_id, token, refreshToken, lastCommentAt });
  }

  /** A valid access token: renewed with the refresh token shortly before it expires, as the web client does. */
  accessToken() {
    if (expiryOf(this.token) - Date.now() / 1000 < RENEW_BEFORE_S) {
      const { data } = request('POST', '/api/user/token', { name: 'POST /api/user/token', body: { refreshToken: this.refreshToken } });
      if (data) Object.assign(this, { token: data.token, refreshToken: data.refreshToken });
    }
    return this.token;
  }

  /** A request as this reader (see http.js `request`). */
  call(method, path, options) {
    return request(method, path, { ...options, token: this.accessToken() });
  }

  callAsync(method, path, options) {
    return requestAsync(method, path, { ...options, token: this.accessToken() });
  }

  /**
   * Milliseconds until this reader may comment again (0: now), counted from when the last comment's answer came, so
   * after the site started its cooldown.
   */
  cooldownLeft() {
    return Math.max(0, this.lastCommentAt + commentRules.cooldownMs + COOLDOWN_MARGIN_MS - Date.now());
  }

  /**
   * Posts a comment (a reply when `parentId` is given) to a thread; resolves with the answer (the comment's id in
   * `data`) and `sentAt`, when the request left.
   */
  async comment(thread, text, parentId = null) {
    const body = { book_id: thread.book_id, chapter_id: thread.chapter_id, parent_comment_id: parentId, comment_content: text, honeypot: '' };
    const token = this.accessToken();
    const sentAt = Date.now();
    const answer = await requestAsync('POST', '/api/comment/post-comments', { name: 'POST /api/comment/post-comments', body, token });
    this.lastCommentAt = Date.now();
    return Object.assign(answer, { sentAt });
  }
}
