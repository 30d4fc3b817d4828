export { GlossaryList } from './components/GlossaryList';
export { GLOSSARY_MARK_CLASS, markGlossary, type TitleChoice } from './mark-glossary';
