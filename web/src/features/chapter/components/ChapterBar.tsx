import { Link } from '../../../shared/ui/Link';
import { ChapterIcon, type ChapterIconName } from './ChapterIcon';

export interface ChapterBarProps {
  previousPath: string | null;
  nextPath: string | null;
  bookPath: string;
  onChapters: () => void;
  onComments: () => void;
  onSettings: () => void;
}

function Label({ icon, text }: { icon: ChapterIconName; text: string }) {
  return (
    <>
      <ChapterIcon name={icon} />
      <span>{text}</span>
    </>
  );
}

/**
 * The chapter's controls: previous, next, book, chapter list, jump to comments and settings. The same controls form
 * the desktop bar and the mobile bottom bar; CSS shows the one that fits the screen.
 */
export function ChapterBar({ variant, ...controls }: ChapterBarProps & { variant: 'desktop' | 'mobile' }) {
  const { previousPath, nextPath, bookPath, onChapters, onComments, onSettings } = controls;
  return (
    <nav className={`chapter-bar chapter-bar-${variant}`} aria-label={variant === 'desktop' ? 'Reader controls' : 'Reader controls (mobile)'}>
      {previousPath ? (
        <Link to={previousPath}>
          <Label icon="previous" text="Previous" />
        </Link>
      ) : (
        <button type="button" disabled>
          <Label icon="previous" text="Previous" />
        </button>
      )}
      <Link to={bookPath}>
        <Label icon="book" text="Book" />
      </Link>
      <button type="button" onClick={onChapters} aria-haspopup="dialog">
        <Label icon="chapters" text="Chapters" />
      </button>
      <button type="button" onClick={onComments}>
        <Label icon="comments" text="Comments" />
      </button>
      <button type="button" onClick={onSettings} aria-haspopup="dialog">
        <Label icon="settings" text="Settings" />
      </button>
      {nextPath ? (
        <Link to={nextPath}>
          <Label icon="next" text="Next" />
        </Link>
      ) : (
        <button type="button" disabled>
          <Label icon="next" text="Next" />
        </button>
      )}
    </nav>
  );
}
