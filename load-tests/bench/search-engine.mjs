// The embedded search engine alone, without HTTP: the 10,000-book benchmark catalog's search documents in the
// in-memory index, and the time of 400 distinct searches (the same mix as the uncached searches of api-vs-bare.mjs)
// plus a few typo and prefix title searches. Usage (build first): node load-tests/bench/search-engine.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LARGE_CATALOG } from './lib/large-catalog.mjs';
import { root } from './lib/site.mjs';

const require = createRequire(import.meta.url);
const { InMemoryIndex } = require(join(root, 'search-index/dist/engines/in-memory-index.js'));
const { generateDemoCatalog } = require(join(root, 'backend/dist/demo-catalog/demo-catalog.js'));

/** A book's search document as the workers make it (workers/src/projections/search/to-search-document.ts). */
function documentOf({ book, chapters }, likeCount) {
  const latest = chapters.at(-1);
  const lastUpdated = latest?.uploaded_time ?? book.uploaded_time;
  return {
    ...book,
    book_word_count: chapters.reduce((sum, chapter) => sum + chapter.content.split(/\s+/).length, 0),
    last_updated: lastUpdated,
    last_updated_ms: Date.parse(lastUpdated),
    latest_chapter: latest?.chapter_id ?? null,
    latest_chapter_title: latest?.title ?? null,
    like_count: likeCount,
  };
}

const started = performance.now();
const index = new InMemoryIndex();
let n = 0;
for (const entry of generateDemoCatalog(LARGE_CATALOG)) index.put(documentOf(entry, (n++ * 7919) % 500));
console.log(`${index.size} documents indexed in ${(performance.now() - started).toFixed(0)} ms`);

const diversities = [undefined, 'Danmei/BL', 'Non-BL'];
const statuses = [undefined, 'Ongoing', 'Completed'];
const sorts = ['likes', 'newest', 'oldest'];
const genres = ['Romance', 'Fantasy', 'Drama', 'Mystery'];
const words = ['the', 'jade', 'moon', 'winter', 'a'];
const queries = Array.from({ length: 400 }, (_, i) => ({
  page: 1 + (i % 7),
  pageSize: 10,
  diversity: diversities[i % 3],
  completionStatus: statuses[Math.floor(i / 3) % 3],
  sort: sorts[Math.floor(i / 9) % 3],
  genres: [genres[Math.floor(i / 27) % 4]],
  text: i % 2 ? words[i % 5] : undefined,
  minWordCount: (i % 11) * 1000,
}));
const titles = ['moon', 'mon', 'wintr', 'winetr', 'jade palace', 'the quiet'].map((text) => ({ page: 1, pageSize: 10, sort: 'likes', text }));

function time(list, rounds) {
  const timings = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of list) {
      const t = performance.now();
      index.search(query);
      timings.push(performance.now() - t);
    }
  }
  timings.sort((a, b) => a - b);
  const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(3);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
}

time(queries, 1); // warm-up: the JIT, and any order the index builds on its first search
console.log(`400 filter searches (half with a word): ${time(queries, 3)}`);
console.log(`title searches with typos and prefixes: ${time(titles, 50)}`);
