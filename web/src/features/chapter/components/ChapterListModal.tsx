import type { ChapterListEntry } from '@shelf/contracts';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from '../../../shared/ui/Link';
import { chapterPath } from '../chapter-paths';
import { Modal } from '../../../shared/ui/Modal';
import { useBookProgress } from '../../reading-progress';

interface ChapterListModalProps {
  open: boolean;
  onClose: () => void;
  bookIDSlug: string;
  bookId: number;
  chapters: ChapterListEntry[];
  currentChapterId: number;
}

interface ChapterItemsProps extends Omit<ChapterListModalProps, 'open'> {
  currentRef: RefObject<HTMLAnchorElement | null>;
}

/**
 * The list itself, with the chapters revised since the reader read them marked: mounted while the modal is open, so
 * the reader's progress is fetched then, not on every record of their place while they read.
 */
function ChapterItems({ onClose, bookIDSlug, bookId, chapters, currentChapterId, currentRef }: ChapterItemsProps) {
  const revised = new Set(useBookProgress(bookId).chaptersRevised);
  return (
    <ol className="chapter-list">
      {chapters.map((chapter) => {
        const current = chapter.chapter_id === currentChapterId;
        return (
          <li key={chapter.chapter_id}>
            <Link ref={current ? currentRef : undefined} to={chapterPath(bookIDSlug, chapter.chapter_id)} aria-current={current ? 'page' : undefined} onClick={onClose}>
              {chapter.title}
            </Link>
            {revised.has(chapter.chapter_id) && <span className="chapter-list__revised">Revised since you read</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The book's chapters, numbered, in a modal that opens scrolled to the chapter being read, which is marked; so are the
 * chapters revised since the reader read them.
 */
export function ChapterListModal({ open, onClose, ...list }: ChapterListModalProps) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (open) currentRef.current?.scrollIntoView?.({ block: 'center' });
  }, [open, list.currentChapterId]);
  return (
    <Modal open={open} title="Chapters" onClose={onClose}>
      <ChapterItems onClose={onClose} {...list} currentRef={currentRef} />
    </Modal>
  );
}
