import type { Element, Root } from 'hast';
import { paragraphKeysOf } from '../../../shared/markdown/paragraph-keys';
import { countOf, PARAGRAPH_BUTTON_CLASS, paragraphButtonLabel, type ParagraphCounts } from './paragraph-button';

/** A speech bubble, drawn in the text's colour; hidden from screen readers (the button's name says it all). */
const BUBBLE: Element = {
  type: 'element',
  tagName: 'svg',
  properties: { viewBox: '0 0 16 16', ariaHidden: 'true', focusable: 'false' },
  children: [
    {
      type: 'element',
      tagName: 'path',
      properties: {
        d: 'M3 2.5h10a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7.5l-3.5 3v-3H3A1.5 1.5 0 0 1 1.5 10V4A1.5 1.5 0 0 1 3 2.5z',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: '1.5',
        strokeLinejoin: 'round',
      },
      children: [],
    },
  ],
};

const buttonOf = (key: string, count: number | undefined): Element => ({
  type: 'element',
  tagName: 'button',
  properties: {
    type: 'button',
    className: [PARAGRAPH_BUTTON_CLASS],
    dataParagraph: key,
    dataCount: count === undefined ? undefined : String(count),
    ariaLabel: paragraphButtonLabel(count),
  },
  children: [BUBBLE],
});

/**
 * The chapter text `tree` with a comment button at the end of each paragraph that has a key (PARAGRAPH_BUTTON_CLASS),
 * showing `counts`. The keys are those of the text as written: add the buttons before the glossary's marks.
 */
export function addParagraphButtons(tree: Root, counts: ParagraphCounts): Root {
  const keys = paragraphKeysOf(tree.children);
  return {
    ...tree,
    children: tree.children.map((block, index) => {
      const key = keys[index];
      return key === null || block.type !== 'element' ? block : { ...block, children: [...block.children, buttonOf(key, countOf(counts, key))] };
    }),
  };
}
