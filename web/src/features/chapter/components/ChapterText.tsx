import type { RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { countWords } from '@shelf/contracts';
import { Fragment, useId, useMemo } from 'react';
import { useServerRendered } from '../../../shared/state/hydration';
import { markdownToHast } from '../../../shared/markdown/markdown-to-hast';
import { renderHast } from '../../../shared/markdown/render-hast';
import { AdSlot } from '../../../shared/page/AdSlot';
import { adPositions } from '../ad-positions';

const PART_CLASS = 'chapter-text__part';

const isBlank = (node: RootContent) => node.type === 'text' && node.value.trim() === '';

/** The chapter's blocks in parts: a part ends after each block where the running word count passes a threshold. */
function partsOf(content: string): RootContent[][] {
  const blocks = markdownToHast(content).children.filter((node) => !isBlank(node));
  const adAfter = new Set(adPositions(blocks.map((block) => countWords(toString(block)))));
  const parts: RootContent[][] = [[]];
  blocks.forEach((block, index) => {
    parts[parts.length - 1].push(block);
    if (adAfter.has(index)) parts.push([]);
  });
  return parts;
}

/** The HTML of each part of the server-rendered chapter text `text`. */
const partsHtmlOf = (text: HTMLElement): string[] => [...text.querySelectorAll(`:scope > .${PART_CLASS}`)].map((part) => part.innerHTML);

/**
 * The chapter's Markdown, with an ad between parts (after the paragraphs where the running word count passes each
 * threshold). Each part is an element of its own (laid out as its paragraphs: `display: contents`), so that on a page
 * the server rendered the parts keep the server's HTML while hydrating, as long as the text is the same: parsing the
 * chapter again was the page's longest task on a slow phone.
 */
export function ChapterText({ content }: { content: string }) {
  const id = useId();
  const kept = useServerRendered(id, content, partsHtmlOf);
  const parts = useMemo(
    () =>
      kept
        ? kept.map((html) => <div className={PART_CLASS} dangerouslySetInnerHTML={{ __html: html }} />)
        : partsOf(content).map((blocks) => <div className={PART_CLASS}>{renderHast({ type: 'root', children: blocks })}</div>),
    [kept, content],
  );
  return (
    <div id={id} className="chapter-text markdown">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <AdSlot name={`chapter-${index + 1}`} />}
        </Fragment>
      ))}
    </div>
  );
}
