import { ParagraphCommentText } from '@shelf/contracts';
import { useParagraphThreads } from '../../../shared/page/paragraph-threads';

/**
 * The mark of a comment on a paragraph in the chapter's thread: 'On a paragraph', which brings the paragraph into view
 * and opens its thread, while the chapter's text has it; 'On an earlier version of this chapter' once a revision changed
 * or removed it. None outside a chapter page.
 */
export function ParagraphMark({ paragraph }: { paragraph: string }) {
  const threads = useParagraphThreads();
  if (!threads) return null;
  return (
    <p className="comment__paragraph">
      {threads.shows(paragraph) ? (
        <button type="button" className="comment__paragraph-link" onClick={() => threads.open(paragraph)}>
          {ParagraphCommentText.onParagraph}
        </button>
      ) : (
        ParagraphCommentText.earlierVersion
      )}
    </p>
  );
}
