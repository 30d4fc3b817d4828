// Paragraph comments (issue 47, item 3), on the whole site (`scripts/start.mjs`: API, workers, embedded store): one
// chapter of PARAGRAPHS paragraphs, imported through the catalog import, and READERS readers registered through the API,
// each posting one comment on its own paragraph, one after another, so every paragraph of the chapter ends counted.
//
// It first measures the store's own limits in the same run (lib/store-limits.mjs), then:
// - one more paragraph comment: the post's answer, and end to end until `GET /api/comment/paragraph-counts` counts it
//   (polled every POLL_MS; each post waits for the one before to be counted);
// - the counts of the chapter once all its paragraphs have comments: `GET /api/comment/paragraph-counts` (one `_id`
//   read of the thread's head), and the server-rendered chapter page that carries them (each request its own address,
//   so that the page cache answers none), with the page's size;
// - one paragraph's thread: `GET /api/comment/show-comments?paragraph=`.
//
// Usage: node load-tests/bench/paragraph-comments.mjs   (build first: npm run build).
// Overrides (environment): PARAGRAPHS=200 READERS=200 READS=200 POLL_MS=5.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { saveFigures } from './lib/figures.mjs';
import { percentiles, registerReader } from './lib/readers.mjs';
import { root, startSite, waitUntil } from './lib/site.mjs';
import { describeStoreLimits, measureStoreLimits } from './lib/store-limits.mjs';

const require = createRequire(import.meta.url);
const { nextBookSlug } = require(join(root, 'contracts/dist/index.js'));

const PARAGRAPHS = Number(process.env.PARAGRAPHS ?? 200);
const READERS = Number(process.env.READERS ?? PARAGRAPHS);
const READS = Number(process.env.READS ?? 200);
const POLL_MS = Number(process.env.POLL_MS ?? 5);
/** Registrations under way at once (each hashes a password twice on the API). */
const REGISTERING = 8;
const BOOK_ID = 990001;
const CHAPTER_ID = 1;

const WORDS = 'snow jade pavilion sect gate dawn lantern river peak sword letter tea silence courtyard wind moon'.split(' ');
/** A paragraph of about 40 words, different for each number. */
const paragraph = (n) => `Paragraph ${n + 1}: ${Array.from({ length: 40 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ')}.`;

/** A catalog folder of one book with one chapter of PARAGRAPHS paragraphs (docs/catalog-import.md). */
function catalogFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-paragraphs-'));
  const book = join(folder, `${BOOK_ID}-paragraphs`);
  mkdirSync(join(book, 'chapters'), { recursive: true });
  writeFileSync(
    join(book, 'book.json'),
    JSON.stringify({
      book_id: BOOK_ID,
      english_book_name: 'Two Hundred Paragraphs',
      original_book_name: '',
      author: 'Bench',
      cover_image: '',
      raw_source: '',
      description: 'A chapter of many paragraphs, for the paragraph comments benchmark.',
      book_tl_note: '',
      associated_names: [],
      diversities: 'Danmei/BL',
      original_languages: 'Chinese',
      completion_statuses: 'Ongoing',
      endings: 'Happy Ending',
      genres: [],
      settings: [],
      tags: [],
      part_of_series: [],
      shared_universe: [],
      similar_theme: [],
    }),
  );
  const content = Array.from({ length: PARAGRAPHS }, (_, n) => paragraph(n)).join('\n\n');
  writeFileSync(join(book, 'chapters', '0001.md'), `---\ntitle: Chapter 1 - Many Paragraphs\nuploaded_time: 2026-11-30T00:00:00.000Z\n---\n${content}\n`);
  return { folder, content };
}

const site = await startSite('bench-paragraph-comments', { demoCatalog: false });
const figures = {};
try {
  const limits = await measureStoreLimits(site.env.MONGO_URL);
  console.log(describeStoreLimits(limits));
  figures.storeLimits = limits;

  const { folder, content } = catalogFolder();
  const imported = spawnSync(process.execPath, [join(root, 'backend/dist/modules/catalog/cli/main.js'), 'import', folder], { env: { ...process.env, ...site.env }, encoding: 'utf8' });
  rmSync(folder, { recursive: true, force: true });
  if (imported.status !== 0) throw new Error(`the import failed: ${imported.stderr}`);
  const api = async (path) => {
    const response = await fetch(`${site.baseUrl}/api/${path}`);
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  await waitUntil(async () => (await api(`${BOOK_ID}`)).status === 200 && (await api('health')).body?.projectionLag === 0, 120_000, 'the chapter to be projected');

  // The keys the chapter page marks, from the web app's own server build (as the API checks them).
  const renderer = await require(join(root, 'web/dist-server/entry-server.cjs')).createPageRenderer();
  const keys = renderer.paragraphKeys(content);
  if (keys.length !== PARAGRAPHS) throw new Error(`the chapter has ${keys.length} paragraph keys, not ${PARAGRAPHS}`);

  const registering = performance.now();
  const readers = [];
  for (let i = 0; i < READERS; i += REGISTERING) {
    const batch = Array.from({ length: Math.min(REGISTERING, READERS - i) }, (_, j) => registerReader(site.baseUrl, site.mailUrl, `Para${i + j}`));
    readers.push(...(await Promise.all(batch)));
  }
  console.log(`${READERS} readers registered through the API in ${((performance.now() - registering) / 1000).toFixed(1)} s`);

  const counts = async () => (await api(`comment/paragraph-counts?book_id=${BOOK_ID}&chapter_id=${CHAPTER_ID}`)).body.paragraphs;
  const answers = [];
  const counted = [];
  for (const [n, reader] of readers.entries()) {
    const key = keys[n % keys.length];
    const before = (await counts())[key] ?? 0;
    const started = performance.now();
    const posted = await reader.call('POST', 'comment/post-comments', {
      book_id: BOOK_ID,
      chapter_id: CHAPTER_ID,
      parent_comment_id: null,
      paragraph: key,
      comment_content: `Reader ${n} thinks this paragraph is the best one of the chapter.`,
    });
    answers.push(performance.now() - started);
    if (posted.success !== 1) throw new Error(`post ${n}: ${JSON.stringify(posted)}`);
    while (((await counts())[key] ?? 0) <= before) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    counted.push(performance.now() - started);
  }
  figures.onePost = { answer: percentiles(answers), counted: percentiles(counted), samples: answers.length };
  console.log(`one more paragraph comment (${answers.length}): answered ${figures.onePost.answer}; counted ${figures.onePost.counted}`);

  const all = await counts();
  const countedParagraphs = Object.keys(all).length;
  const time = async (path, read = (response) => response.text()) => {
    const times = [];
    let size = 0;
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const response = await fetch(`${site.baseUrl}${path(i)}`);
      size = (await read(response)).length;
      if (response.status !== 200) throw new Error(`${path(i)}: ${response.status}`);
      times.push(performance.now() - started);
    }
    return { latency: percentiles(times), bytes: size };
  };
  const slug = nextBookSlug(BOOK_ID, 'Two Hundred Paragraphs');
  figures.counts = { paragraphsCounted: countedParagraphs, ...(await time(() => `/api/comment/paragraph-counts?book_id=${BOOK_ID}&chapter_id=${CHAPTER_ID}`)) };
  figures.page = await time((i) => `/${slug}/${CHAPTER_ID}?bench=${i}`);
  figures.thread = await time((i) => `/api/comment/show-comments?book_id=${BOOK_ID}&chapter_id=${CHAPTER_ID}&paragraph=${keys[i % keys.length]}`);
  console.log(`counts of a chapter with ${countedParagraphs} paragraphs counted (${READS} reads): ${figures.counts.latency}, ${figures.counts.bytes} bytes`);
  console.log(`its server-rendered page, counts in it (${READS} renders): ${figures.page.latency}, ${figures.page.bytes} bytes`);
  console.log(`one paragraph's thread (${READS} reads): ${figures.thread.latency}`);
  saveFigures('paragraph-comments', figures);
} finally {
  await site.stop();
}
