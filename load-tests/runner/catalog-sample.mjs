// A sample of the site's catalog for the journeys to pick from: its first books in search order, each with its
// chapters and the category values (diversity, settings, genres, tags) its listing pages are found under.
import { clientAddress } from '../lib/addresses.mjs';
import { callApi } from './site-api.mjs';

const list = (text) => (text ?? '').split(',').map((value) => value.trim()).filter(Boolean);

/** Up to `max` books: { book_id, english_book_name, chapters: [chapter ids], categories: [[category, value]] }. */
export async function sampleCatalog(baseUrl, max) {
  const address = clientAddress('seeding', 0);
  const books = [];
  for (let page = 1; books.length < max; page++) {
    // Each page from an address of its own: a site with its search rate limit allows 20 searches per address in 10 s.
    const search = `/api/searchbook?page=${page}&pageSize=10&sort_by=newest`;
    const { status, data } = await callApi(baseUrl, 'GET', search, { address: clientAddress('seeding', page) });
    if (status !== 200) throw new Error(`the catalog search answered ${status}: ${JSON.stringify(data)}`);
    books.push(...data.books);
    if (page >= data.totalPages) break;
  }
  const sample = [];
  for (const { book_id, english_book_name } of books.slice(0, max)) {
    const { status, data } = await callApi(baseUrl, 'GET', `/api/${book_id}`, { address });
    if (status !== 200) throw new Error(`book ${book_id} answered ${status}`);
    const details = data.bookDetails;
    const categories = [
      ...list(details.diversities).map((value) => ['diversity', value]),
      ...['setting', 'genre', 'tag'].flatMap((category) => list(details[`${category}s`]).map((value) => [category, value])),
    ];
    if (data.chapters.length) sample.push({ book_id, english_book_name, chapters: data.chapters.map((chapter) => chapter.chapter_id), categories });
  }
  if (!sample.length) throw new Error('the catalog has no book with chapters to load-test');
  return sample;
}
