import { COMPLETION_STATUSES, DIVERSITIES, ENDINGS, GENRES, ORIGINAL_LANGUAGES, SEARCH_SORTS, SETTINGS } from '@shelf/contracts';
import fc from 'fast-check';
import { SEARCHABLE_ATTRIBUTES, type SearchBookDocument } from '../search-document';
import { type SearchQuery, SORT_KEYS, searchWords } from '../search-query';
import { wordMatches } from '../text-match';
import { InMemoryIndex } from './in-memory-index';

const TAGS = ['Sweet', 'Office', 'Revenge', 'Cute'] as const;
const WORDS = ['jade', 'moon', 'winter', 'winters', 'palace', 'the', 'a', '月', '翡翠'];

/** The index's rules written the slow, obvious way: every document tested, then sorted. */
function reference(docs: SearchBookDocument[], query: SearchQuery) {
  const words = query.text ? searchWords(query.text) : [];
  const matches = docs.filter((doc) => {
    const docWords = SEARCHABLE_ATTRIBUTES.flatMap((attribute) => searchWords([doc[attribute]].flat().join(' ')));
    return (
      (!query.diversity || doc.diversities === query.diversity) &&
      (!query.originalLanguage || doc.original_languages === query.originalLanguage) &&
      (!query.completionStatus || doc.completion_statuses === query.completionStatus) &&
      (!query.ending || doc.endings === query.ending) &&
      (query.minWordCount === undefined || doc.book_word_count >= query.minWordCount) &&
      (query.maxWordCount === undefined || doc.book_word_count <= query.maxWordCount) &&
      (query.genres ?? []).every((value) => doc.genres.includes(value)) &&
      (query.settings ?? []).every((value) => doc.settings.includes(value)) &&
      (query.tags ?? []).every((value) => doc.tags.includes(value)) &&
      !(query.excludeGenres ?? []).some((value) => doc.genres.includes(value)) &&
      !(query.excludeSettings ?? []).some((value) => doc.settings.includes(value)) &&
      !(query.excludeTags ?? []).some((value) => doc.tags.includes(value)) &&
      (!query.bookIds || query.bookIds.includes(doc.book_id)) &&
      !(query.excludeBookIds ?? []).includes(doc.book_id) &&
      words.every((word, i) => docWords.some((docWord) => wordMatches(docWord, word, i === words.length - 1)))
    );
  });
  if (query.sort !== 'random') {
    const { field, direction } = SORT_KEYS[query.sort];
    matches.sort((a, b) => (direction === 'asc' ? 1 : -1) * (a[field] - b[field]) || a.book_id - b.book_id);
  }
  const start = (query.page - 1) * query.pageSize;
  return { hits: matches.slice(start, start + query.pageSize).map((doc) => doc.book_id), total: matches.length };
}

const subset = <T>(values: readonly T[]) => fc.subarray([...values], { maxLength: 2 });
const doc = fc.record({
  book_id: fc.integer({ min: 1, max: 40 }),
  english_book_name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
  associated_names: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
  diversities: fc.constantFrom(...DIVERSITIES),
  original_languages: fc.constantFrom(...ORIGINAL_LANGUAGES),
  completion_statuses: fc.constantFrom(...COMPLETION_STATUSES),
  endings: fc.constantFrom(...ENDINGS),
  genres: subset(GENRES.slice(0, 4)),
  settings: subset(SETTINGS),
  tags: subset(TAGS),
  book_word_count: fc.integer({ min: 0, max: 9 }).map((n) => n * 1000),
  like_count: fc.integer({ min: 0, max: 3 }),
  last_updated_ms: fc.integer({ min: 0, max: 3 }),
}).map((fields) => ({ original_book_name: '', author: 'Someone', cover_image: '', description: '', last_updated: '', latest_chapter: 1, latest_chapter_title: 'One', ...fields }) as SearchBookDocument);

const filters = {
  diversity: fc.constantFrom(...DIVERSITIES),
  originalLanguage: fc.constantFrom(...ORIGINAL_LANGUAGES),
  completionStatus: fc.constantFrom(...COMPLETION_STATUSES),
  ending: fc.constantFrom(...ENDINGS),
  minWordCount: fc.integer({ min: 0, max: 9 }).map((n) => n * 1000),
  maxWordCount: fc.integer({ min: 0, max: 9 }).map((n) => n * 1000),
  genres: subset(GENRES.slice(0, 4)),
  settings: subset(SETTINGS),
  tags: subset(TAGS),
  excludeGenres: subset(GENRES.slice(0, 4)),
  excludeSettings: subset(SETTINGS),
  excludeTags: subset(TAGS),
  text: fc.constantFrom('jade', 'jdae', 'winter', 'wint', 'the moo', 'palce', '翡', 'moon jade'),
  bookIds: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }),
  excludeBookIds: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
};
/** A page in some order with up to three filters, so that most searches find something. */
const query = fc
  .tuple(
    fc.record({ page: fc.integer({ min: 1, max: 3 }), pageSize: fc.integer({ min: 1, max: 5 }), sort: fc.constantFrom(...SEARCH_SORTS) }),
    fc.subarray(Object.keys(filters) as (keyof typeof filters)[], { maxLength: 3 }),
  )
  .chain(([base, keys]) => fc.record(Object.fromEntries(keys.map((key) => [key, filters[key]]))).map((chosen) => ({ ...base, ...chosen }) as SearchQuery));

describe('the in-memory index', () => {
  it('finds what testing every document finds, in the same order, after documents are replaced', () => {
    let found = 0;
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 60 }), fc.array(query, { minLength: 1, maxLength: 5 }), (puts, queries) => {
        const index = new InMemoryIndex();
        const latest = new Map<number, SearchBookDocument>();
        puts.forEach((put, i) => {
          index.put(put);
          latest.set(put.book_id, put);
          // Searching between puts keeps the sort orders and the query words' slots, then changes what they came from.
          if (i % 7 === 0) for (const q of queries) index.search(q);
        });
        for (const q of queries) {
          const { hits, total } = index.search(q);
          expect({ hits: hits.map((hit) => hit.book_id), total }).toEqual(reference([...latest.values()], q));
          found += total > 0 ? 1 : 0;
        }
      }),
      { numRuns: 300 },
    );
    // The comparison means something only if searches find books.
    expect(found).toBeGreaterThan(300);
  });

  it('samples only matching documents, each at most once', () => {
    const index = new InMemoryIndex();
    fc.sample(doc, 80).forEach((d) => index.put(d));
    const picked = index.sample({ page: 1, pageSize: 10, sort: 'random', diversity: 'Non-BL' }, 5);
    expect(new Set(picked.map((d) => d.book_id)).size).toBe(picked.length);
    expect(picked.every((d) => d.diversities === 'Non-BL')).toBe(true);
  });
});
