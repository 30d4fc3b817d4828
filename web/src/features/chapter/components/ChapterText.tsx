import type { GlossaryEntry } from '@shelf/contracts';
import { useId, useMemo } from 'react';
import type { TitleForms } from '../../glossary';
import { hasHydrated, useServerRendered } from '../../../shared/state/hydration';
import { lazyComponent } from '../../../shared/ui/lazy-component';
import type { ParagraphCounts } from '../paragraph-comments/paragraph-button';
import { ChapterTextParts, PART_CLASS } from './ChapterTextParts';

/**
 * The chapter drawn from its Markdown. The Markdown pipeline (unified, remark, rehype) is the page's largest script: a
 * chapter the server rendered keeps the server's HTML and never loads it; a chapter opened in the app loads it at once,
 * while the chapter itself is fetched.
 */
export const ParsedText = lazyComponent(() => import('./ParsedChapterText').then((m) => m.ParsedChapterText));
if (hasHydrated()) void ParsedText.preload();

/** The HTML of each part of the server-rendered chapter text `text`. */
const partsHtmlOf = (text: HTMLElement): string[] => [...text.querySelectorAll(`:scope > .${PART_CLASS}`)].map((part) => part.innerHTML);

interface ChapterTextProps {
  content: string;
  glossary: readonly GlossaryEntry[];
  forms: TitleForms;
  /** The paragraphs' comment counts (undefined: not known). */
  counts?: ParagraphCounts;
}

/**
 * The chapter's Markdown, its glossary's names and terms marked (none: no marks), in the forms the reader chose, with an ad between parts (after the paragraphs where the running word count passes each
 * threshold), and a comment button with its count at the end of each paragraph. Each part is an element of its own (laid out as its paragraphs: `display: contents`), so that on a page
 * the server rendered the parts keep the server's HTML while hydrating, as long as the text is the same: parsing the
 * chapter again was the page's longest task on a slow phone.
 */
export function ChapterText({ content, glossary, forms, counts }: ChapterTextProps) {
  const id = useId();
  // The server drew the text with the glossary marked as written: a reader whose marks or forms differ has it drawn again.
  // The counts are not part of it: the first render's are the server's (the page's data), and later ones change only
  // the buttons, which ChapterTextParts writes on the text as drawn.
  const source = useMemo(() => JSON.stringify([content, glossary, forms]), [content, glossary, forms]);
  const kept = useServerRendered(id, source, partsHtmlOf);
  const keptParts = useMemo(() => kept?.map((html) => <div className={PART_CLASS} dangerouslySetInnerHTML={{ __html: html }} />), [kept]);
  return keptParts ? (
    <ChapterTextParts id={id} parts={keptParts} counts={counts} />
  ) : (
    <ParsedText id={id} content={content} glossary={glossary} forms={forms} counts={counts} />
  );
}
