import { ParagraphCommentText } from '@shelf/contracts';
import type { ComponentType } from 'react';
import { Boundary } from '../../../shared/ui/Boundary';
import { Modal } from '../../../shared/ui/Modal';
import type { OpenParagraph } from './use-paragraph-threads';

interface ParagraphThreadProps {
  opened: OpenParagraph | null;
  onClose: () => void;
  bookId: number;
  chapterId: number;
  /** The comment section the app passes in (ChapterParts), for the paragraph's comments. */
  CommentSection: ComponentType<{ bookId: number; chapterId: number; paragraph?: string }>;
}

/** The dialog of a paragraph's thread: the paragraph quoted (a few lines of it), and its comments. */
export function ParagraphThread({ opened, onClose, bookId, chapterId, CommentSection }: ParagraphThreadProps) {
  return (
    <Modal open={opened !== null} title={ParagraphCommentText.threadTitle} onClose={onClose}>
      {opened && (
        <>
          <blockquote className="paragraph-thread__quote">
            <p>{opened.quote}</p>
          </blockquote>
          <Boundary fallback={<p>Loading comments...</p>}>
            <CommentSection key={opened.key} bookId={bookId} chapterId={chapterId} paragraph={opened.key} />
          </Boundary>
        </>
      )}
    </Modal>
  );
}
