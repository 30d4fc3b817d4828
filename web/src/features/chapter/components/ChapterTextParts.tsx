import { Fragment, type ReactNode } from 'react';
import { AdSlot } from '../../../shared/page/AdSlot';

/** The class of a part of the chapter text between ads (laid out as its paragraphs: `display: contents`). */
export const PART_CLASS = 'chapter-text__part';

/** The chapter text `id`: its parts, with an ad between each two. */
export function ChapterTextParts({ id, parts }: { id: string; parts: ReactNode[] }) {
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
