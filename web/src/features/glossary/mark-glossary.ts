import { type GlossaryEntry, type TitleForm, titleKey } from '@shelf/contracts';
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

/**
 * The class of a marked name or term in chapter text: a button (a tap, Enter or Space opens its card), whose
 * `data-glossary` is the entry's index in the chapter's glossary.
 */
export const GLOSSARY_MARK_CLASS = 'glossary-mark';

/** The titles a reader reads in a form of their choosing (their reader settings' `title_forms`). */
export type TitleForms = readonly { title: string; form: TitleForm }[];

/** Where marks never go: links (a tap there is the link's), code, and buttons (marks already made among them). */
const LEFT_ALONE = new Set(['a', 'code', 'pre', 'kbd', 'samp', 'button']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form as the text has it, in the case of the words it stands for: "Shixiong" at a sentence's start stays capital. */
const inCaseOf = (found: string, form: string) => (found[0] !== found[0].toLowerCase() ? form[0].toUpperCase() + form.slice(1) : form);

/**
 * The chapter's text with the glossary's names and terms marked, each time either form stands as a whole word (any
 * case): a button of GLOSSARY_MARK_CLASS naming its entry, which opens the entry's card (useGlossaryCard).
 * For a title the reader chose a form of (`forms`), the mark shows that form wherever either stands. Returns a new tree; the
 * given one is not changed. Without entries the tree is returned as it is.
 */
export function markGlossary(tree: Root, entries: readonly GlossaryEntry[], forms: TitleForms = []): Root {
  const words = entries.flatMap((entry, index) => [...new Set([entry.original, entry.rendering])].map((word) => ({ word, index })));
  if (words.length === 0) return tree;
  // Longest first, so that "Lan Wangji" is marked whole before "Lan" could be.
  words.sort((a, b) => b.word.length - a.word.length);
  const byWord = new Map(words.map(({ word, index }) => [word.toLowerCase(), index]));
  const chosen = new Map(forms.map(({ title, form }) => [title, form]));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(({ word }) => escape(word)).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

  const markText = (node: Text): ElementContent[] => {
    const out: ElementContent[] = [];
    let last = 0;
    for (const match of node.value.matchAll(pattern)) {
      const index = byWord.get(match[0].toLowerCase())!;
      const entry = entries[index];
      const form = entry.kind === 'title' ? chosen.get(titleKey(entry.original)) : undefined;
      const shown = form ? inCaseOf(match[0], entry[form]) : match[0];
      if (match.index > last) out.push({ type: 'text', value: node.value.slice(last, match.index) });
      out.push({ type: 'element', tagName: 'button', properties: { type: 'button', className: [GLOSSARY_MARK_CLASS], dataGlossary: String(index) }, children: [{ type: 'text', value: shown }] });
      last = match.index + match[0].length;
    }
    if (last === 0) return [node];
    if (last < node.value.length) out.push({ type: 'text', value: node.value.slice(last) });
    return out;
  };

  const mark = <T extends Root | Element>(parent: T): T => ({
    ...parent,
    children: parent.children.flatMap((child: RootContent): RootContent[] => {
      if (child.type === 'text') return markText(child);
      if (child.type === 'element' && !LEFT_ALONE.has(child.tagName)) return [mark(child)];
      return [child];
    }),
  });
  return mark(tree);
}
