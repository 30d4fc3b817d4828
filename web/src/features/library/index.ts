export { LibraryPage } from './components/LibraryPage';
export { ShelfControl } from './components/ShelfControl';
