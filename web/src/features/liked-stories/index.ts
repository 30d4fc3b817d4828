export { LikedStoriesPage } from './components/LikedStoriesPage';
