// An erasure takes effect in every live read model that copied the reader's name, address or texts, before any
// rebuild: thread pages, the comments and queue operators see, another reader's mute list, the digest choices and the
// log of username changes hold none of it, and each equals what a full rebuild gives. Real store, Redis and SMTP.
import { CommandBus } from '@nestjs/cqrs';
import {
  type CommentPageReadModel,
  DigestReadModelCollection as D,
  type CommentView,
  ERASED_NAME,
  LibraryReadModelCollection as L,
  LivePush,
  ModerationReadModelCollection as M,
  type ModerationQueueResponse,
  type MutesResponse,
  OperatorApi,
  SocialReadModelCollection as S,
} from '@shelf/contracts';
import { pageComments } from '@shelf/read-model-formats';
import { testEnv, waitForMail } from '@test/support';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { connect, joinThread, type LiveSocket } from '../live-sockets';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const stamp = Date.now();
const RENAMED = `Renamed eraser ${stamp}`;
const COMMENT = `Written by the reader who leaves ${stamp}`;
const EDITED = `Edited by the reader who leaves ${stamp}`;
const REPLY = `Replied by the reader who leaves ${stamp}`;

/** Each projector's read models that copy a name, an address or a text, with what they are checked for. */
const READ_MODELS = {
  'comment-threads': [S.CommentPages, S.CommentThreads, S.CommentIndex, S.NameChangePages, S.NameChangeHeads],
  moderation: [M.ModeratedComments, M.ModerationQueue, M.ModerationViewHeads, M.ModerationViewPages, M.CommenterRecent],
  mutes: [L.ReaderMutes],
  digests: [D.Choices, D.Rosters],
};
const names = Object.values(READ_MODELS).flat();

describe('an erasure in the live read models', () => {
  let site: TestSite;
  let leaver: Reader;
  let other: Reader;
  let operator: Reader;
  let registeredAs: string;
  let commentId: string;
  let live: Record<string, unknown[]>;
  let rebuilt: Record<string, unknown[]>;
  let socket: LiveSocket;
  /** What an operator's queue and the muter's list answered after the deletion, before the rebuild. */
  let queue: ModerationQueueResponse;
  let mutes: MutesResponse;
  /** The comments a visitor following the thread was pushed as edited while the reader was deleted. */
  const pushed: CommentView[] = [];

  /** Where any of the reader's texts shows in a read model's documents (a thread page's packed comments unpacked). */
  const traces = (docs: unknown[]) => {
    const texts = [leaver.user.email, registeredAs, RENAMED, COMMENT, EDITED, REPLY].map((text) => text.toLowerCase());
    const found = docs.flatMap((doc) => {
      const page = doc as CommentPageReadModel;
      const json = JSON.stringify(typeof page.packed === 'string' ? [doc, pageComments(page)] : doc).toLowerCase();
      return texts.filter((text) => json.includes(text)).map((text) => `${String(page._id)}: ${text}`);
    });
    return found;
  };

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    const thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    [leaver, other, operator] = [await registerReader(site, 'Leaver'), await registerReader(site, 'Stayer'), await registerReader(site, 'Operator')];
    registeredAs = leaver.user.username;
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    const ok = async (method: string, path: string, who: Reader, body?: unknown) => {
      const answer = await site.call<{ comment_id?: string }>(method, path, { body, token: who.token, ip: who.ip });
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    await ok('POST', 'user/profile/change-username', leaver, { newUsername: RENAMED, honeypot: '' });
    commentId = String((await ok('POST', 'comment/post-comments', leaver, { ...thread, parent_comment_id: null, comment_content: COMMENT, honeypot: '' })).comment_id);
    await ok('POST', 'comment/edit-comments', leaver, { comment_id: commentId, new_comment_content: EDITED, honeypot: '' });
    const parent = String((await ok('POST', 'comment/post-comments', other, { ...thread, parent_comment_id: null, comment_content: 'A comment that stays in its place', honeypot: '' })).comment_id);
    // A second comment of the reader inside their posting cooldown: straight to the log, as the post command appends it.
    await appendComment(site, { userId: leaver.user.user_id, parent: { id: parent, author: other.user.user_id }, bookId: book.bookId, chapterId: book.chapterIds[0], content: REPLY });
    await ok('POST', 'comment/report-comments', other, { comment_id: commentId, reason: 'spam' });
    await ok('PUT', 'user/mutes', other, { user_id: leaver.user.user_id, relation: 'muted' });
    // Both digests off again: the choices document still held the address.
    await ok('PUT', 'user/digests', leaver, { kind: 'replies', frequency: 'daily', time_zone: 'Europe/Berlin' });
    await ok('PUT', 'user/digests', leaver, { kind: 'replies', frequency: 'none', time_zone: 'Europe/Berlin' });
    await site.drained();
    expect(traces((await readModelSnapshot(site.workers, [S.CommentPages]))[S.CommentPages])).not.toEqual([]);
    socket = await connect(site.base);
    expect(await joinThread(socket, thread)).toEqual({ ok: true });
    socket.on(LivePush.CommentEdited, ({ comment }) => pushed.push(comment));

    await ok('POST', 'user/profile/delete-account', leaver, { password: PASSWORD, honeypot: '' });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(leaver.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    expect((await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } })).status).toBe(200);
    await site.drained();
    queue = (await site.call<ModerationQueueResponse>('GET', `${OperatorApi.moderation.replace(/^\/api\//, '')}?view=all`, { token: operator.token, ip: operator.ip })).body;
    mutes = (await site.call<MutesResponse>('GET', 'user/mutes', { token: other.token, ip: other.ip })).body;
    live = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api });
    rebuilt = await readModelSnapshot(site.workers, names);
  }, 180_000);

  afterAll(async () => {
    socket?.close();
    await site.close();
  });

  it.each(Object.entries(READ_MODELS))('leaves nothing of the reader in the %s read models, as a rebuild does', (_projector, readModels) => {
    for (const name of readModels) {
      expect({ name, traces: traces(live[name]) }).toEqual({ name, traces: [] });
      expect({ name, docs: live[name] }).toEqual({ name, docs: rebuilt[name] });
    }
  });

  it('pushes the reader’s comments to the thread’s followers as [deleted account]', () => {
    expect(pushed.map(({ username, comment_content, user_id, email_hash }) => ({ username, comment_content, user_id, email_hash }))).toEqual(
      Array(2).fill({ username: ERASED_NAME, comment_content: ERASED_NAME, user_id: null, email_hash: null }),
    );
  });

  it('names the reader [deleted account] to operators and in another reader’s mute list', () => {
    expect(queue.items.find((item) => item.comment.comment_id === commentId)?.comment).toMatchObject({ username: ERASED_NAME, comment_content: '' });
    expect(mutes.muted).toEqual([{ user_id: leaver.user.user_id, username: ERASED_NAME, since: expect.any(String) }]);
  });
});
