import type { ChapterListEntry } from '@shelf/contracts';
import { Link } from 'react-router-dom';
import { chapterPath } from '../chapter-paths';
import { Modal } from '../../../shared/ui/Modal';

interface ChapterListModalProps {
  open: boolean;
  onClose: () => void;
  bookIDSlug: string;
  chapters: ChapterListEntry[];
  currentChapterId: number;
}

/** The book's chapters, numbered, in a modal; the chapter being read is marked. */
export function ChapterListModal({ open, onClose, bookIDSlug, chapters, currentChapterId }: ChapterListModalProps) {
  return (
    <Modal open={open} title="Chapters" onClose={onClose}>
      <ol className="chapter-list">
        {chapters.map((chapter) => {
          const current = chapter.chapter_id === currentChapterId;
          return (
            <li key={chapter.chapter_id}>
              <Link to={chapterPath(bookIDSlug, chapter.chapter_id)} aria-current={current ? 'page' : undefined} onClick={onClose}>
                {chapter.title}
              </Link>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
