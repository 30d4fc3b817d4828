// E-mail digests end to end: choices appended as events and projected into rosters by time zone, the scheduler sending
// each reader's digest of a period once (read back through MailDev with both parts and the RFC 8058 headers), the
// one-click unsubscribe, and a worker process killed in the middle of a run. Real store, Redis and SMTP catcher.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import {
  type BookPageResponse,
  type DigestChoicesResponse,
  DigestReadModelCollection,
  type DigestUnsubscribeResponse,
  digestRosterId,
  digestZonesId,
  libraryStreams,
  partitionKey,
  PARTITION_COUNT,
  partitionOf,
  ProjectionCollection,
} from '@shelf/contracts';
import { type CaughtMail, caughtMail, testEnv } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { DigestScheduler } from '../../workers/src/digests/digest-scheduler';
import { type LeaseDocument, Leases, partitionLease } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { SiteProcess } from '../own-services';
import { appendComment, projectionsDone, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

// The in-process workers' own check runs once at start, then not for an hour: the tests run the scheduler themselves.
const env = testEnv(__filename, { DIGEST_CHECK_EVERY_MS: String(3600_000) });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fixed-offset zone (UTC, or Etc/GMT±n) whose local hour is `hour` now: it is the morning there, whatever the time here. */
function zoneAtLocalHour(hour: number): string {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const digestsTo = async (reader: Reader): Promise<(CaughtMail & { headers?: Record<string, string> })[]> =>
  (await caughtMail()).filter((mail) => mail.to.some((to) => to.address === reader.user.email) && mail.subject.startsWith('Novel Shelf: '));

/** The reader's digests once `count` have come (the catalog's own recent chapters may be in them too). */
async function waitForDigests(reader: Reader, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await digestsTo(reader);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} digests to ${reader.user.email} within ${timeoutMs} ms`);
    await pause(100);
  }
}

describe('e-mail digests', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let alice: Reader;
  let bob: Reader;
  let carol: Reader;
  const morning = zoneAtLocalHour(8);

  const choose = (reader: Reader, body: Record<string, unknown>) => site.call<DigestChoicesResponse & { message?: string }>('PUT', 'user/digests', { body, token: reader.token });
  const choices = async (reader: Reader) => (await site.call<DigestChoicesResponse>('GET', 'user/digests', { token: reader.token })).body;
  const partitionOfReader = (reader: Reader) => partitionOf(partitionKey(libraryStreams.digests(reader.user.user_id), 'library.digest-chosen.v1', {}));
  const rosterDoc = async (zone: string, reader: Reader) =>
    (await readModelSnapshot(site.workers, [DigestReadModelCollection.Rosters]))[DigestReadModelCollection.Rosters].find(
      (doc) => (doc as { _id: string })._id === digestRosterId(zone, partitionOfReader(reader)),
    ) as { readers: string[] } | undefined;
  /** A chapter published now, after the book's last. */
  const publishChapter = async (book: { bookId: number; chapterIds: number[] }, title: string) => {
    const chapterId = Math.max(...book.chapterIds) + 1;
    book.chapterIds.push(chapterId);
    const chapter = { book_id: book.bookId, chapter_id: chapterId, title, content: 'A new chapter.', footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: new Date().toISOString() };
    await site.api.get(CommandBus).execute(new SaveChapterCommand(chapter, { actor: 'test', correlationId: 'digest-chapter', causationId: null }));
    return chapterId;
  };

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 3);
    [alice, bob, carol] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob'), await registerReader(site, 'Carol')];
  }, 90_000);

  afterAll(() => site.close());

  it('keeps each reader’s choices (none by default) and refuses bad input, visitors and unverified readers', async () => {
    expect(await choices(alice)).toEqual({ replies: 'none', chapters: 'none', time_zone: null });
    expect((await choose(alice, { kind: 'chapters', frequency: 'daily', time_zone: 'Mars/Olympus' })).body).toMatchObject({ message: 'time_zone must be a time zone name such as Europe/Berlin.' });
    expect((await choose(alice, { kind: 'likes', frequency: 'daily', time_zone: morning })).body).toMatchObject({ message: 'kind must be one of replies, chapters.' });
    expect((await choose(alice, { kind: 'replies', frequency: 'hourly', time_zone: morning })).status).toBe(400);
    expect((await site.call('PUT', 'user/digests', { body: { kind: 'replies', frequency: 'daily', time_zone: morning } })).status).toBe(401);
    const unverified = await registerReader(site, 'Dave', { verified: false });
    expect((await choose(unverified, { kind: 'replies', frequency: 'daily', time_zone: morning })).status).toBe(403);

    const chosen = await choose(alice, { kind: 'chapters', frequency: 'daily', time_zone: morning });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ replies: 'none', chapters: 'daily', time_zone: morning });
    await choose(alice, { kind: 'replies', frequency: 'daily', time_zone: morning });
    await site.drained();
    expect(await choices(alice)).toEqual({ replies: 'daily', chapters: 'daily', time_zone: morning });
  });

  it('projects the rosters by time zone: a move takes the reader to the new zone, turning both kinds off takes them off, a rebuild gives the same', async () => {
    await choose(bob, { kind: 'replies', frequency: 'weekly', time_zone: 'Asia/Tokyo' });
    await site.drained();
    expect((await rosterDoc('Asia/Tokyo', bob))?.readers).toContain(bob.user.user_id);
    await choose(bob, { kind: 'chapters', frequency: 'daily', time_zone: 'Europe/Berlin' });
    await site.drained();
    expect((await rosterDoc('Asia/Tokyo', bob))?.readers).not.toContain(bob.user.user_id);
    expect((await rosterDoc('Europe/Berlin', bob))?.readers).toContain(bob.user.user_id);
    await choose(bob, { kind: 'chapters', frequency: 'none', time_zone: 'Europe/Berlin' });
    await choose(bob, { kind: 'replies', frequency: 'none', time_zone: 'Europe/Berlin' });
    await site.drained();
    expect((await rosterDoc('Europe/Berlin', bob))?.readers).not.toContain(bob.user.user_id);
    const zones = (await readModelSnapshot(site.workers, [DigestReadModelCollection.Rosters]))[DigestReadModelCollection.Rosters].find(
      (doc) => (doc as { _id: string })._id === digestZonesId(partitionOfReader(bob)),
    ) as { zones: string[] };
    expect(zones.zones).not.toContain('Asia/Tokyo');

    const names = [DigestReadModelCollection.Choices, DigestReadModelCollection.Rosters];
    const live = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['digests'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(live);
  });

  it('sends a reader’s due digests once each, with a text and an HTML part and a working one-click unsubscribe', async () => {
    const [liked, shelved, other] = books;
    const { bookDetails } = (await site.call<BookPageResponse>('GET', `${shelved.bookId}`)).body;
    expect((await site.call('POST', 'like/like-book', { body: { book_id: liked.bookId }, token: alice.token })).status).toBe(200);
    expect((await site.call('PUT', 'user/library/shelf', { body: { book_id: shelved.bookId, shelf: 'reading' }, token: alice.token })).status).toBe(200);
    await site.drained();
    const likedChapter = await publishChapter(liked, 'The Liked One Returns');
    const shelvedChapter = await publishChapter(shelved, 'Shelved & <Found>');
    await publishChapter(other, 'Nobody Follows This');
    const mine = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: liked.bookId, chapter_id: null, parent_comment_id: null, comment_content: 'Who else loved this story so much?', honeypot: '' },
      token: alice.token,
    });
    await appendComment(site, { userId: carol.user.user_id, parent: { id: mine.body.comment_id, author: alice.user.user_id }, bookId: liked.bookId, content: 'Me!' });
    // Carol chose replies too, but nobody replied to her: no e-mail.
    await choose(carol, { kind: 'replies', frequency: 'daily', time_zone: morning });
    await site.drained();

    const scheduler = site.workers.get(DigestScheduler);
    const now = new Date(Date.now() + 60_000);
    const first = await scheduler.run(now);
    expect(first).toMatchObject({ zones: 1, readers: 2, queued: 2, empty: 1 });
    const sent = await waitForDigests(alice, 2);
    const chapters = sent.find((mail) => / new chapters? of your stories$/.test(mail.subject))!;
    const replies = sent.find((mail) => mail.subject === 'Novel Shelf: 1 new reply to your comments')!;
    expect(chapters.text).toContain(`Chapter ${likedChapter}: The Liked One Returns`);
    expect(chapters.text).toContain(`${bookDetails.english_book_name} — Chapter ${shelvedChapter}: Shelved & <Found>`);
    expect(chapters.text).not.toContain('Nobody Follows This');
    expect(chapters.html).toContain('Shelved &amp; &lt;Found&gt;');
    expect(chapters.html).toContain(`/${shelvedChapter}"`);
    expect(replies.text).toContain('A reply on');
    expect(replies.html).toContain('<li');

    // Run again (a second worker, a restart): nothing more.
    expect(await scheduler.run(new Date(now.getTime() + 1000))).toMatchObject({ queued: 0 });
    await pause(1000);
    expect(await digestsTo(alice)).toHaveLength(2);
    expect(await digestsTo(carol)).toHaveLength(0);

    const headers = (chapters as { headers: Record<string, string> }).headers;
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const address = new URL(/^<(https?:\/\/[^>]+)>$/.exec(headers['list-unsubscribe'])![1]);
    expect(address.pathname).toBe('/api/digests/unsubscribe');
    const page = await fetch(`${site.base}${address.pathname}${address.search}`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/digests/unsubscribe${address.search}`);
    expect(chapters.text).toContain(`/digests/unsubscribe${address.search}`);

    const oneClick = await fetch(`${site.base}${address.pathname}${address.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await oneClick.json()) as DigestUnsubscribeResponse).toEqual({ kind: 'chapters', message: 'You will get no more e-mail digests of new chapters.' });
    await site.drained();
    expect(await choices(alice)).toEqual({ replies: 'daily', chapters: 'none', time_zone: morning });
    // A second click changes nothing; a forged token is refused.
    expect((await fetch(`${site.base}${address.pathname}${address.search}`, { method: 'POST' })).status).toBe(200);
    const forged = await fetch(`${site.base}/api/digests/unsubscribe?token=${address.searchParams.get('token')!.replace('.chapters.', '.replies.')}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'This unsubscribe link is not valid. Open your profile to change your e-mail digests.' });
    expect((await site.call('POST', 'digests/unsubscribe')).status).toBe(400);
    const stored = await site.store.collection('events').find({ streamId: libraryStreams.digests(alice.user.user_id) }).toArray();
    expect(stored.map((event) => (event as unknown as { data: { via: string } }).data.via)).toEqual(['profile', 'profile', 'unsubscribe']);
  }, 60_000);

  it('sends one digest per reader when two checks run at once, and none to a reader with nothing new', async () => {
    const zone = zoneAtLocalHour(10);
    const book = books[1];
    const readers: Reader[] = [];
    for (let i = 0; i < 3; i++) readers.push(await registerReader(site, `Twice ${i}`));
    for (const reader of readers.slice(0, 2)) await site.call('PUT', 'user/library/shelf', { body: { book_id: book.bookId, shelf: 'completed' }, token: reader.token });
    for (const reader of readers) await choose(reader, { kind: 'chapters', frequency: 'daily', time_zone: zone });
    await publishChapter(book, 'Read By Two Checks');
    await site.drained();

    const scheduler = site.workers.get(DigestScheduler);
    const now = new Date(Date.now() + 60_000);
    const [a, b] = await Promise.all([scheduler.run(now), scheduler.run(now)]);
    expect(a.readers + b.readers).toBeGreaterThanOrEqual(3);
    for (const reader of readers.slice(0, 2)) expect((await waitForDigests(reader, 1))[0].text).toContain('Read By Two Checks');
    await pause(1500);
    for (const reader of readers.slice(0, 2)) expect(await digestsTo(reader)).toHaveLength(1);
    expect(await digestsTo(readers[2])).toHaveLength(0);
  }, 60_000);

  it('lists every new chapter and reply in exactly one digest while projection lags', async () => {
    const zone = zoneAtLocalHour(11);
    const book = books[0];
    const dave = await registerReader(site, 'Dave');
    await site.call('PUT', 'user/library/shelf', { body: { book_id: book.bookId, shelf: 'reading' }, token: dave.token });
    await choose(dave, { kind: 'chapters', frequency: 'daily', time_zone: zone });
    await choose(dave, { kind: 'replies', frequency: 'daily', time_zone: zone });
    const mine = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: 'Does anyone read this far?', honeypot: '' },
      token: dave.token,
    });
    await site.drained();
    const scheduler = site.workers.get(DigestScheduler);
    const day = 86_400_000;
    const start = Date.now() + 60_000;
    const seen = new Set<string>();
    /** The digests that came since the last call, once `count` have. */
    const newDigests = async (count: number) => {
      const fresh = (await waitForDigests(dave, seen.size + count)).filter((mail) => !seen.has(mail.id));
      fresh.forEach((mail) => seen.add(mail.id));
      return fresh;
    };
    // Day 0: the first digests (of whatever the catalog had) set where the next ones start.
    await scheduler.run(new Date(start));
    await pause(1500);
    for (const mail of await digestsTo(dave)) seen.add(mail.id);

    // One chapter and one reply projected at once; then one of each appended while every partition is held by a
    // consumer that stopped (its lease not yet expired): projection lags for as long as the test likes.
    await publishChapter(book, 'Projected In Time');
    await appendComment(site, { userId: carol.user.user_id, parent: { id: mine.body.comment_id, author: dave.user.user_id }, bookId: book.bookId, content: 'In time!' });
    await site.drained();
    const leases = new Leases(site.store.db!.collection<LeaseDocument>(ProjectionCollection.Locks));
    const held = [];
    for (let partition = 0; partition < PARTITION_COUNT; partition++) {
      let lease;
      while (!(lease = await leases.tryAcquire(partitionLease(partition), 120_000))) await pause(20);
      held.push(lease);
    }
    await publishChapter(book, 'Projected Late');
    await appendComment(site, { userId: carol.user.user_id, parent: { id: mine.body.comment_id, author: dave.user.user_id }, bookId: book.bookId, content: 'Late!' });
    await pause(500);
    // Day 1, the lag well past any margin by time: the digest lists what was projected, and nothing else.
    expect(await scheduler.run(new Date(start + day))).toMatchObject({ queued: 2 });
    const day1 = await newDigests(2);
    for (const lease of held) await leases.release(lease);
    await site.drained();
    // Day 2: what was projected late, and only that.
    expect(await scheduler.run(new Date(start + 2 * day))).toMatchObject({ queued: 2 });
    const day2 = await newDigests(2);
    const listing = (mails: CaughtMail[], title: string) => mails.filter((mail) => mail.text.includes(title)).length;
    expect([listing(day1, 'Projected In Time'), listing(day2, 'Projected In Time')]).toEqual([1, 0]);
    expect([listing(day1, 'Projected Late'), listing(day2, 'Projected Late')]).toEqual([0, 1]);
    // One reply in each: the one projected in time on day 1, the late one on day 2.
    const replies = (mails: CaughtMail[]) => mails.filter((mail) => mail.subject === 'Novel Shelf: 1 new reply to your comments').length;
    expect([replies(day1), replies(day2)]).toEqual([1, 1]);
    // Day 3: nothing new.
    expect(await scheduler.run(new Date(start + 3 * day))).toMatchObject({ queued: 0 });
  }, 90_000);

  describe('a worker killed in the middle of a run', () => {
    let tools: INestApplicationContext;
    let workers: SiteProcess | undefined;

    afterAll(async () => {
      await workers?.kill();
      await tools?.close();
    });

    it('sends every due digest once: none twice, none lost', async () => {
      const zone = zoneAtLocalHour(9);
      const book = books[2];
      const readers: Reader[] = [];
      for (let i = 0; i < 6; i++) readers.push(await registerReader(site, `Morning ${i}`));
      for (const reader of readers) {
        await site.call('PUT', 'user/library/shelf', { body: { book_id: book.bookId, shelf: 'plan-to-read' }, token: reader.token });
        expect((await choose(reader, { kind: 'chapters', frequency: 'daily', time_zone: zone })).status).toBe(200);
      }
      await publishChapter(book, 'For The Early Risers');
      await site.drained();

      // From here the workers are processes of their own, checking every half second: the first is killed right after
      // its first write to the mail outbox, in the middle of the zone's readers.
      await site.workers.close();
      tools = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
      const processEnv = { ...env, DIGEST_CHECK_EVERY_MS: '500' };
      const crashing = new SiteProcess('workers', processEnv);
      await crashing.start({ STORE_CRASH_AFTER_WRITE_TO: 'mail_outbox' });
      await Promise.race([crashing.exited(), pause(30_000)]);
      expect(crashing.running).toBe(false);
      // It died with digests of the zone claimed and not yet marked done.
      const runs = await site.store.collection<{ _id: string; done?: boolean }>('digest_runs').find({}).toArray();
      const claimed = runs.filter((run) => readers.some((reader) => run._id === `reader:${reader.user.user_id}:chapters`));
      expect(claimed.some((run) => run.done === false)).toBe(true);

      workers = new SiteProcess('workers', processEnv);
      await workers.start();
      for (const reader of readers) expect((await waitForDigests(reader, 1))[0].text).toContain('For The Early Risers');
      // Several more checks go by, and the outbox's sweep: still one each.
      await pause(4000);
      for (const reader of readers) expect(await digestsTo(reader)).toHaveLength(1);
      await projectionsDone(site.store, tools);
    }, 120_000);
  });
});
