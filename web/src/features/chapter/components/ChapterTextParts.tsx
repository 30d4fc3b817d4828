import { Fragment, type ReactNode, useLayoutEffect, useRef } from 'react';
import { AdSlot } from '../../../shared/page/AdSlot';
import { type ParagraphCounts, showParagraphCounts } from '../paragraph-comments/paragraph-button';

/** The class of a part of the chapter text between ads (laid out as its paragraphs: `display: contents`). */
export const PART_CLASS = 'chapter-text__part';

/**
 * The chapter text `id`: its parts, with an ad between each two. Its paragraphs' buttons show `counts` as they come
 * and change, written on the drawn buttons: the parts are drawn once (or kept as the server sent them).
 */
export function ChapterTextParts({ id, parts, counts }: { id: string; parts: ReactNode[]; counts: ParagraphCounts }) {
  const text = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (text.current) showParagraphCounts(text.current, counts);
  }, [counts, parts]);
  return (
    <div ref={text} id={id} className="chapter-text markdown">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <AdSlot name={`chapter-${index + 1}`} />}
        </Fragment>
      ))}
    </div>
  );
}
