import type { ChapterListEntry } from '@shelf/contracts';
import { useEffect, useRef } from 'react';
import { Link } from '../../../shared/ui/Link';
import { chapterPath } from '../chapter-paths';
import { Modal } from '../../../shared/ui/Modal';

interface ChapterListModalProps {
  open: boolean;
  onClose: () => void;
  bookIDSlug: string;
  chapters: ChapterListEntry[];
  currentChapterId: number;
}

/** The book's chapters, numbered, in a modal that opens scrolled to the chapter being read, which is marked. */
export function ChapterListModal({ open, onClose, bookIDSlug, chapters, currentChapterId }: ChapterListModalProps) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (open) currentRef.current?.scrollIntoView?.({ block: 'center' });
  }, [open, currentChapterId]);
  return (
    <Modal open={open} title="Chapters" onClose={onClose}>
      <ol className="chapter-list">
        {chapters.map((chapter) => {
          const current = chapter.chapter_id === currentChapterId;
          return (
            <li key={chapter.chapter_id}>
              <Link
                ref={current ? currentRef : undefined}
                to={chapterPath(bookIDSlug, chapter.chapter_id)}
                aria-current={current ? 'page' : undefined}
                onClick={onClose}
              >
                {chapter.title}
              </Link>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
