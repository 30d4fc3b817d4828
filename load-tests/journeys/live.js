// Live sockets: a signed-in reader opens the chapter page's socket.io connection (its own user room), follows the
// chapter's comment thread and the book's new chapters, and, when the comment cooldown allows (one comment every 30 s
// per reader), comments while a second reader replies. Timed: how long until the reader's socket receives the new
// comment (comment:created.v1) and the reply badge (badges:changed.v1) after each was sent. The socket then stays
// open a while, as a reader stays on the page, answering the server's pings.
import { check } from 'k6';
import { setTimeout } from 'k6/timers';
import { Rate, Trend } from 'k6/metrics';
import { LivePush, LiveRequest, REALTIME_PATH } from '../../contracts/src/realtime/socket-events.ts';
import { commentText } from '../lib/comment-text.js';
import { baseUrl } from '../lib/config.js';
import { pick } from '../lib/http.js';
import { LIVE_DWELL_SECONDS } from '../lib/plan.mjs';
import { readersOf } from '../lib/readers.js';
import { books } from '../lib/run-data.js';
import { connectSocketIo } from '../lib/socket-io.js';
import { tagStep } from '../lib/steps.js';

const connectTime = new Trend('live_connect', true);
const commentDelivery = new Trend('live_comment_delivery', true);
const badgeDelivery = new Trend('live_reply_badge_delivery', true);
const delivered = new Rate('live_delivered');

/** A push not received this long after its write counts as not delivered. */
const DELIVERY_TIMEOUT_MS = 10_000;
const dwellMs = (LIVE_DWELL_SECONDS[__ENV.PROFILE] ?? LIVE_DWELL_SECONDS.default) * 1000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with what `find` finds (polled), or undefined after the delivery timeout. */
async function arrival(find) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  for (let found = find(); Date.now() < deadline; found = find()) {
    if (found !== undefined) return found;
    await pause(10);
  }
  return find();
}

/** Records the time from `sentAt` to the push's arrival (its handler's clock), or a missed delivery. */
function timed(trend, sentAt, receivedAt) {
  tagStep();
  delivered.add(receivedAt !== undefined);
  if (receivedAt !== undefined) trend.add(receivedAt - sentAt);
}

export async function liveJourney() {
  const [author, replier] = readersOf('live', 2);
  const book = pick(books);
  const thread = { book_id: book.book_id, chapter_id: pick(book.chapters) };

  const connecting = Date.now();
  let socket;
  try {
    socket = await connectSocketIo(baseUrl, REALTIME_PATH, { auth: { token: author.accessToken() }, tags: { name: `socket ${REALTIME_PATH}` } });
  } catch {
    check(null, { 'live socket connects': () => false });
    return;
  }
  tagStep();
  connectTime.add(Date.now() - connecting);
  check(socket, { 'live socket connects': () => true });

  const commentsAt = new Map();
  const badges = [];
  socket.on(LivePush.CommentCreated, (push) => commentsAt.set(push.comment.comment_id, Date.now()));
  socket.on(LivePush.BadgesChanged, (counts) => badges.push({ at: Date.now(), unread: counts.unreadReplies }));
  const joined = [await socket.request(LiveRequest.ThreadJoin, thread), await socket.request(LiveRequest.BookJoin, { book_id: thread.book_id })];
  check(joined, { 'live rooms joined': (answers) => answers.every((answer) => answer?.ok === true) });

  const comment = author.cooldownLeft() === 0 && replier.cooldownLeft() === 0 ? await author.comment(thread, commentText()) : null;
  const commentId = comment?.data?.comment_id;
  if (commentId) {
    timed(commentDelivery, comment.sentAt, await arrival(() => commentsAt.get(commentId)));
    const reply = await replier.comment(thread, commentText(), commentId);
    timed(badgeDelivery, reply.sentAt, (await arrival(() => badges.find((badge) => badge.at >= reply.sentAt && badge.unread > 0)))?.at);
    // The reader opens Reply Notifications, which marks the replies read.
    await author.callAsync('PUT', '/api/user/replies/mark-read', { name: 'PUT /api/user/replies/mark-read' });
  }
  await pause(dwellMs);
  socket.close();
}
