export { BookCardList } from './components/BookCardList';
export { PagedBookList } from './components/PagedBookList';
export { usePageParam } from './use-page-param';
