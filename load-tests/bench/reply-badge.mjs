// Reply to badge: from a reply's `post-comments` being acknowledged by one API process to the parent author's reply
// badge arriving on their socket, held by a second API process (workers → Redis emitter → Redis adapter → socket).
// Usage: npm run build && node load-tests/bench/reply-badge.mjs.
// The replies go to 10 chapter threads that have no comments yet (30 replies each, threads of a realistic size); the
// replier's 30-second comment cooldown is cleared in Redis before each reply, so one replier can reply often.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import services from '../../scripts/lib/services.cjs';
import { percentiles, registerReader } from './lib/readers.mjs';
import { root, startSite } from './lib/site.mjs';

const require = createRequire(import.meta.url);
const { Redis } = require('ioredis');
const { io } = require('socket.io-client');
const { LivePush, REALTIME_PATH } = require(join(root, 'contracts/dist/index.js'));

const REPLIES = Number(process.env.REPLIES ?? 300);
const THREADS = 10;
const SECOND_PORT = Number(process.env.SECOND_PORT ?? 8081);

const site = await startSite('bench-demo');
const secondApi = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env: { ...process.env, ...site.env, PORT: String(SECOND_PORT) }, stdio: ['ignore', 'ignore', 'inherit'] });
const redis = new Redis(site.env.REDIS_URL);
let socket;
try {
  await services.waitForPort(SECOND_PORT, 60_000);
  const books = (await (await fetch(`${site.baseUrl}/api/`)).json()).latestBooks;
  const [author, replier] = [await registerReader(site.baseUrl, site.mailUrl, 'Author'), await registerReader(site.baseUrl, site.mailUrl, 'Replier')];
  const authorCooldown = `${site.env.QUEUE_PREFIX}:comment-cooldown:${author.user.user_id}`;
  const parents = [];
  for (const book of books) {
    for (let chapter = 1; chapter <= book.latest_chapter && parents.length < THREADS; chapter++) {
      const thread = { book_id: book.book_id, chapter_id: chapter };
      const { comments } = await (await fetch(`${site.baseUrl}/api/comment/show-comments?book_id=${book.book_id}&chapter_id=${chapter}`)).json();
      if (comments.length > 0) continue;
      await redis.del(authorCooldown);
      const parent = await author.call('POST', 'comment/post-comments', { ...thread, parent_comment_id: null, comment_content: 'The comment everyone will reply to here.' });
      if (!parent.comment_id) throw new Error(`could not post: ${parent.message}`);
      parents.push({ thread, commentId: parent.comment_id });
    }
  }

  socket = io(`http://127.0.0.1:${SECOND_PORT}`, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: author.token } });
  await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));

  const cooldownKey = `${site.env.QUEUE_PREFIX}:comment-cooldown:${replier.user.user_id}`;
  const latencies = [];
  for (let i = 0; i < REPLIES; i++) {
    await redis.del(cooldownKey);
    const arrived = new Promise((resolve) => socket.once(LivePush.BadgesChanged, () => resolve(performance.now())));
    const { thread, commentId } = parents[i % parents.length];
    const answer = await replier.call('POST', 'comment/post-comments', { ...thread, parent_comment_id: commentId, comment_content: `Reply number ${i} to the comment above.` });
    const acknowledged = performance.now();
    if (answer.success !== 1) throw new Error(`reply ${i} refused: ${answer.message}`);
    latencies.push(Math.max(0, (await arrived) - acknowledged));
  }
  console.log(`\nReply → badge over ${REPLIES} replies in ${parents.length} threads (post-comments acknowledged by API 1 → ${LivePush.BadgesChanged} on a socket of API 2): ${percentiles(latencies)}`);
} finally {
  socket?.close();
  redis.disconnect();
  secondApi.kill('SIGTERM');
  await site.stop();
}
