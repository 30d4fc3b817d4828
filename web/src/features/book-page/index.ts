export { BookPage } from './components/BookPage';
export { bookKeys } from './query-keys';
