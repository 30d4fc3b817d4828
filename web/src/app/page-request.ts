import { bookIdOfSlug, type Category, type PageRequest } from '@shelf/contracts';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import { CHAPTER_ID } from '../features/chapter';
import { appRoutes } from './AppRoutes';

const routes = createRoutesFromElements(appRoutes);
const home: PageRequest = { page: 'home' };

/** The list page in the address (`?page=N`, from 1), read as usePageParam reads it. */
function pageNumOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The API answer the page at `url` (path and query) shows, found in the app's own route table, or null for a page the
 * server leaves to the browser (search, the account and static pages). As in the browser, a story or chapter address
 * naming no book or chapter id shows home.
 */
export function pageRequestOf(url: string): PageRequest | null {
  const { pathname, search } = new URL(url, 'http://page.invalid');
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  const params = leaf?.params ?? {};
  switch (leaf?.route.id) {
    case 'home':
    case 'unknown':
      return home;
    case 'diversity':
    case 'setting':
    case 'genre':
    case 'tag':
      return { page: 'category', category: leaf.route.id as Category, value: params['*'] ?? '', pageNum: pageNumOf(search) };
    case 'story': {
      const bookId = bookIdOfSlug(params.bookIDSlug ?? '');
      return bookId === null ? home : { page: 'story', bookId };
    }
    case 'chapter': {
      const bookIDSlug = params.bookIDSlug ?? '';
      const chapterID = params.chapterID ?? '';
      const bookId = bookIdOfSlug(bookIDSlug);
      return bookId === null || !CHAPTER_ID.test(chapterID) ? home : { page: 'chapter', bookId, bookIDSlug, chapterID };
    }
    default:
      return null;
  }
}
