export { GlossaryList } from './components/GlossaryList';
