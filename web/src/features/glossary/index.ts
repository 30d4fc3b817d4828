export { GlossaryList } from './components/GlossaryList';
export { useGlossaryCard } from './components/GlossaryCard';
export { GLOSSARY_MARK_CLASS, markGlossary, type TitleForms } from './mark-glossary';
