import type { Parent, PhrasingContent, Root } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';

/** Text wrapped in percent signs, hidden until the reader clicks it. */
export interface Spoiler extends Parent {
  type: 'spoiler';
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    spoiler: Spoiler;
  }
  interface RootContentMap {
    spoiler: Spoiler;
  }
}

/** The class the spoiler's element carries in the HTML tree; the renderer swaps it for a click-to-reveal control. */
export const SPOILER_CLASS = 'spoiler';

// The text touches both percent signs, so prose such as "50% off, or 100% free" is left alone.
const SPOILER_PATTERN = /%(?=\S)([^%\n]*?\S)%/g;

/** A remark plugin turning `%text%` into spoiler nodes, which become `<span class="spoiler">` in HTML. */
export function remarkSpoiler() {
  return (tree: Root) => {
    findAndReplace(
      tree,
      [
        SPOILER_PATTERN,
        (_match: string, text: string): Spoiler => ({
          type: 'spoiler',
          children: [{ type: 'text', value: text }],
          data: { hName: 'span', hProperties: { className: [SPOILER_CLASS] } },
        }),
      ],
      { ignore: ['link', 'linkReference', 'inlineCode', 'code'] },
    );
  };
}
