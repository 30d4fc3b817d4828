export { CategoryPage } from './components/CategoryPage';
export { categoryKeys } from './query-keys';
