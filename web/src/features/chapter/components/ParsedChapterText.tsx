import type { GlossaryEntry } from '@shelf/contracts';
import type { RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { countWords } from '@shelf/contracts';
import { useMemo } from 'react';
import { markdownToHast } from '../../../shared/markdown/markdown-to-hast';
import { renderHast } from '../../../shared/markdown/render-hast';
import { markGlossary, type TitleForms } from '../../glossary';
import { adPositions } from '../ad-positions';
import { ChapterTextParts, PART_CLASS } from './ChapterTextParts';

const isBlank = (node: RootContent) => node.type === 'text' && node.value.trim() === '';

/**
 * The chapter's blocks in parts, its glossary marked: a part ends after each block where the running word count passes
 * a threshold.
 */
function partsOf(content: string, glossary: readonly GlossaryEntry[], forms: TitleForms): RootContent[][] {
  const blocks = markGlossary(markdownToHast(content), glossary, forms).children.filter((node) => !isBlank(node));
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
}

/** The chapter text `id` drawn from its Markdown (the Markdown pipeline's chunk: see ChapterText). */
export function ParsedChapterText({ id, content, glossary, forms }: ParsedChapterTextProps) {
  const parts = useMemo(
    () => partsOf(content, glossary, forms).map((blocks) => <div className={PART_CLASS}>{renderHast({ type: 'root', children: blocks })}</div>),
    [content, glossary, forms],
  );
  return <ChapterTextParts id={id} parts={parts} />;
}
