export { HomePage } from './components/HomePage';
export { homeKeys, useHome } from './queries';
