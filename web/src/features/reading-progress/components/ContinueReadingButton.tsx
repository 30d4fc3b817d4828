import { Link } from '../../../shared/ui/Link';
import { useBookProgress } from '../queries';
import { resumeState } from '../use-resume-place';
import './reading-progress.css';

/** "Continue reading: Chapter N" on a story page, when the reader has opened one of its chapters. */
export function ContinueReadingButton({ bookId, slug }: { bookId: number; slug: string }) {
  const { progress } = useBookProgress(bookId);
  if (!progress) return null;
  return (
    <Link className="button continue-reading" to={`/${slug}/${progress.chapter_id}`} state={resumeState(progress.position)}>
      Continue reading: Chapter {progress.chapter_id}
    </Link>
  );
}
