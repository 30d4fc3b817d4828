import type { RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { countWords } from '@shelf/contracts';
import { Fragment, useMemo } from 'react';
import { markdownToHast } from '../../markdown/markdown-to-hast';
import { renderHast } from '../../markdown/render-hast';
import { AdSlot } from '../../site-shell/components/AdSlot';
import { adPositions } from '../ad-positions';

const isBlank = (node: RootContent) => node.type === 'text' && node.value.trim() === '';

/** The chapter's Markdown, with an ad after the paragraphs where the running word count passes each threshold. */
export function ChapterText({ content }: { content: string }) {
  const blocks = useMemo(() => markdownToHast(content).children.filter((node) => !isBlank(node)), [content]);
  const rendered = useMemo(() => {
    const adAfter = new Set(adPositions(blocks.map((block) => countWords(toString(block)))));
    let ads = 0;
    return blocks.map((block, index) => (
      <Fragment key={index}>
        {renderHast({ type: 'root', children: [block] })}
        {adAfter.has(index) && <AdSlot name={`chapter-${++ads}`} />}
      </Fragment>
    ));
  }, [blocks]);
  return <div className="chapter-text markdown">{rendered}</div>;
}
