import type { GlossaryEntry } from '@shelf/contracts';
import type { RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { countWords } from '@shelf/contracts';
import { useMemo, useState } from 'react';
import { markdownToHast } from '../../../shared/markdown/markdown-to-hast';
import { renderHast } from '../../../shared/markdown/render-hast';
import { markGlossary, type TitleForms } from '../../glossary';
import { adPositions } from '../ad-positions';
import { addParagraphButtons } from '../paragraph-comments/add-paragraph-buttons';
import type { ParagraphCounts } from '../paragraph-comments/paragraph-button';
import { ChapterTextParts, PART_CLASS } from './ChapterTextParts';

const isBlank = (node: RootContent) => node.type === 'text' && node.value.trim() === '';

/**
 * The chapter's blocks in parts, each paragraph with its comment button and the glossary marked: a part ends after each
 * block where the running word count passes a threshold.
 */
function partsOf(content: string, glossary: readonly GlossaryEntry[], forms: TitleForms, counts: ParagraphCounts): RootContent[][] {
  const blocks = markGlossary(addParagraphButtons(markdownToHast(content), counts), glossary, forms).children.filter((node) => !isBlank(node));
  const adAfter = new Set(adPositions(blocks.map((block) => countWords(toString(block)))));
  const parts: RootContent[][] = [[]];
  blocks.forEach((block, index) => {
    parts[parts.length - 1].push(block);
    if (adAfter.has(index)) parts.push([]);
  });
  return parts;
}

interface ParsedChapterTextProps {
  id: string;
  content: string;
  glossary: readonly GlossaryEntry[];
  forms: TitleForms;
  counts: ParagraphCounts;
}

/** The chapter text `id` drawn from its Markdown (the Markdown pipeline's chunk: see ChapterText). */
export function ParsedChapterText({ id, content, glossary, forms, counts }: ParsedChapterTextProps) {
  // Drawn with the counts of its first render (on the server, those the page brings); later ones change no text, so they
  // are shown on the drawn buttons (ChapterTextParts) rather than by parsing the chapter again.
  const [drawnCounts] = useState(counts);
  const parts = useMemo(
    () => partsOf(content, glossary, forms, drawnCounts).map((blocks) => <div className={PART_CLASS}>{renderHast({ type: 'root', children: blocks })}</div>),
    [content, glossary, forms, drawnCounts],
  );
  return <ChapterTextParts id={id} parts={parts} counts={counts} />;
}
