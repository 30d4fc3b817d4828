export { LikeButton } from './components/LikeButton';
