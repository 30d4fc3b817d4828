import { spoilerFoldLine } from '@shelf/contracts';
import { type ReactNode, useState } from 'react';
import './spoiler-fold.css';

interface SpoilerFoldProps {
  /** The chapter the comment is on. */
  commentChapterId: number;
  /** The chapter the reader is on, earlier than the comment's. */
  readerChapterId: number;
  children: ReactNode;
}

/** A comment on a chapter the reader has not reached, folded to a line saying so until they ask to see it. */
export function SpoilerFold({ commentChapterId, readerChapterId, children }: SpoilerFoldProps) {
  const [shown, setShown] = useState(false);
  if (shown) return children;
  return (
    <p className="spoiler-fold">
      <span>{spoilerFoldLine(commentChapterId, readerChapterId)}</span>{' '}
      <button type="button" className="spoiler-fold__show" onClick={() => setShown(true)}>
        Show
      </button>
    </p>
  );
}
