// Search, as a visitor: two to four searches with random filters (the spec's, and the excludes), each perhaps
// followed to another page of results, with a pause to read the cards between them.
import { pick, request, think } from '../lib/http.js';
import { books, enums } from '../lib/run-data.js';

const chance = (p) => Math.random() < p;

/** Up to `max` different values of `values`, none of `taken`. */
function some(values, max, taken = []) {
  const chosen = [];
  for (let n = Math.floor(Math.random() * (max + 1)); n > 0; n--) {
    const value = pick(values);
    if (!chosen.includes(value) && !taken.includes(value)) chosen.push(value);
  }
  return chosen;
}

/** A search form as a reader might fill it in, as the API's query (without the page). */
function randomFilters() {
  const params = [];
  const set = (name, value) => params.push(`${name}=${encodeURIComponent(value)}`);
  for (const [name, values] of [['diversity', enums.diversities], ['original_language', enums.originalLanguages], ['completion_status', enums.completionStatuses], ['ending', enums.endings]]) {
    if (chance(0.3)) set(name, pick(values));
  }
  const min = chance(0.2) ? pick(enums.minWordCounts.filter((v) => v !== 'Any')) : 'Any';
  const max = chance(0.2) ? pick(enums.maxWordCounts.filter((v) => v !== 'Any' && (min === 'Any' || Number(v) > Number(min)))) : 'Any';
  if (min !== 'Any') set('min_word_count', min);
  if (max && max !== 'Any') set('max_word_count', max);
  for (const [name, values] of [['setting', enums.settings], ['genre', enums.genres], ['tag', enums.tags]]) {
    const included = chance(0.35) ? some(values, 2) : [];
    const excluded = chance(0.15) ? some(values, 1, included) : [];
    included.forEach((value) => set(name, value));
    excluded.forEach((value) => set(`exclude_${name}`, value));
  }
  if (chance(0.25)) set('book_name', pick(pick(books).english_book_name.split(' ').filter((word) => word.length > 3)) ?? '');
  set('sort_by', pick(enums.searchSorts));
  return params.join('&');
}

export function searchJourney() {
  for (let searches = 2 + Math.floor(Math.random() * 3); searches > 0; searches--) {
    const filters = randomFilters();
    const found = request('GET', `/api/searchbook?${filters}&page=1&pageSize=10`, { name: 'GET /api/searchbook' });
    const pages = found.data?.totalPages ?? 0;
    think(1, 2);
    if (pages > 1 && chance(0.5)) {
      request('GET', `/api/searchbook?${filters}&page=${2 + Math.floor(Math.random() * (pages - 1))}&pageSize=10`, { name: 'GET /api/searchbook' });
      think(1, 2);
    }
  }
}
