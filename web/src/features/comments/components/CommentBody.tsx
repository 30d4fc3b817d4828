import { useId, useLayoutEffect, useRef, useState } from 'react';
import { LazyMarkdown } from '../../../shared/markdown/components/LazyMarkdown';

/** A comment taller than this many lines shows this many, with Read more. */
export const COLLAPSED_LINES = 12;
/** ...unless it is at most this many: hiding one more line behind a button helps nobody. */
const TOLERATED_LINES = COLLAPSED_LINES + 1;
/** The comment text's line height in em (comments.css), when the browser does not say it in pixels. */
const LINE_HEIGHT_EM = 1.5;

/** The height of one line of `box`'s text, in pixels. */
function lineHeightOf(box: HTMLElement): number {
  const style = getComputedStyle(box);
  return parseFloat(style.lineHeight) || (parseFloat(style.fontSize) || 16) * LINE_HEIGHT_EM;
}

/**
 * A comment's Markdown text; one taller than about 12 lines shows its first 12 with a Read more button that unfolds
 * it (Show less folds it again). The height is measured again when the text or the width changes, or an image loads.
 */
export function CommentBody({ text }: { text: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const id = useId();

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // scrollHeight is the whole text's height, folded (overflow hidden) or not.
    const measure = () => setTall(box.scrollHeight > lineHeightOf(box) * TOLERATED_LINES);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [text]);

  const collapsed = tall && !expanded;
  const toggle = () => {
    setExpanded((was) => !was);
    // Folding a long text back can leave the reader far below its comment: bring its start into view.
    if (expanded && boxRef.current && boxRef.current.getBoundingClientRect().top < 0) boxRef.current.scrollIntoView?.({ block: 'start' });
  };

  return (
    <>
      <div ref={boxRef} id={id} className={collapsed ? 'comment__fold comment__fold--collapsed' : 'comment__fold'}>
        {/* Its renderer loads with the thread: the list waits for it (CommentSection). */}
        <LazyMarkdown text={text} spoilers className="comment__text" />
      </div>
      {tall && (
        <button type="button" className="comment__more" aria-expanded={expanded} aria-controls={id} onClick={toggle}>
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
    </>
  );
}
