import { type ChapterContent, type ChapterPageResponse, type GlossaryEntry, nextBookSlug, type TitleForm } from '@shelf/contracts';
import { type ComponentType, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Boundary } from '../../../shared/ui/Boundary';
import { Link } from '../../../shared/ui/Link';
import { useReaderTextStyle, ReaderSettings } from '../../reader-settings';
import { RevisedNotice, saveFailure, useChooseTitleForm, useReaderSettings, useRecordProgress, useResumePlace } from '../../reading-progress';
import { type TitleForms, useGlossaryCard } from '../../glossary';
import { bookPath, chapterPath } from '../chapter-paths';
import { useChapterKeys } from '../use-chapter-keys';
import { useTapToggle } from '../use-tap-toggle';
import { ChapterListModal } from './ChapterListModal';
import { ChapterNav } from './ChapterNav';
import { ChapterNotes } from './ChapterNotes';
import { ChapterText } from './ChapterText';
import { Modal } from '../../../shared/ui/Modal';
import { hasHydrated } from '../../../shared/state/hydration';
import { ChapterBar } from './ChapterBar';
import { withThousands } from '../../../shared/text/whole-number';
import { NewChapterNotice } from '../../new-chapters';
import { ReadAloud } from '../read-aloud/ReadAloud';
import { useReadAloud } from '../read-aloud/use-read-aloud';
import { ParagraphThreadsContext } from '../../../shared/page/paragraph-threads';
import { ParagraphThread } from '../paragraph-comments/ParagraphThread';
import { useParagraphCounts } from '../paragraph-comments/use-paragraph-counts';
import { useParagraphThreads } from '../paragraph-comments/use-paragraph-threads';

/** Where the like button and the comment section go. */
export const LIKE_CONTAINER_ID = 'chapter-like';
export const COMMENTS_CONTAINER_ID = 'chapter-comments';

type Panel = 'chapters' | 'settings' | null;

const NONE: readonly never[] = [];

/** What the chapter page shows that other features draw; the app passes them in (app/screens/chapter.tsx). */
export interface ChapterParts {
  LikeButton: ComponentType<{ bookId: number }>;
  /** The chapter's comments; with `paragraph`, those on that paragraph (its thread's dialog). */
  CommentSection: ComponentType<{ bookId: number; chapterId: number; paragraph?: string }>;
}

interface ChapterViewProps {
  bookIDSlug: string;
  page: ChapterPageResponse;
  parts: ChapterParts;
}

/** The chapter page of the spec: heading, text, notes, navigation, control bars, chapter list and settings; and read aloud. */
export function ChapterView({ bookIDSlug, page, parts: { LikeButton, CommentSection } }: ChapterViewProps) {
  const { chapterContent: chapter, chapterList, bookDetails, nextBook } = page;
  const [barShown, setBarShown] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const textStyle = useReaderTextStyle();

  const previousPath = chapter.previous_chapter_id === null ? null : chapterPath(bookIDSlug, chapter.previous_chapter_id);
  const nextPath = chapter.next_chapter_id === null ? null : chapterPath(bookIDSlug, chapter.next_chapter_id);
  const indexPath = bookPath(bookIDSlug);
  const nextBookPath = nextBook ? `/${nextBookSlug(nextBook.book_id, nextBook.english_book_name)}` : null;

  const textRef = useRef<HTMLDivElement>(null);
  // Opened in the app, a chapter starts at its top; a chapter the server sent keeps the browser's scrolling (its reader
  // may have read on before the page hydrated).
  const [openedInApp] = useState(hasHydrated);
  useEffect(() => {
    if (openedInApp) window.scrollTo(0, 0);
  }, [openedInApp]);
  useResumePlace(textRef, chapter.chapter_id);
  const revised = useRecordProgress(page, textRef);
  const readAloud = useReadAloud(textRef, chapter.chapter_id, nextPath);
  useChapterKeys(previousPath, nextPath);
  const glossary = useChapterGlossary(page, textRef);
  const paragraphs = useParagraphThreads(textRef);
  const tapHandlers = useTapToggle(useCallback(() => setBarShown((shown) => !shown), []));
  const closePanel = useCallback(() => setPanel(null), []);

  const controls = {
    previousPath,
    nextPath,
    bookPath: indexPath,
    onChapters: () => setPanel('chapters'),
    onSettings: () => setPanel('settings'),
    onComments: () => document.getElementById(COMMENTS_CONTAINER_ID)?.scrollIntoView?.({ behavior: 'smooth' }),
  };

  return (
    <article className="chapter" style={textStyle}>
      <header className="chapter-header">
        <Link className="chapter-book-title" to={indexPath}>
          {bookDetails.english_book_name}
        </Link>
        <h1>{chapter.title}</h1>
        <p className="chapter-word-count">{withThousands(chapter.chapter_word_count)} words</p>
        <ReadAloud {...readAloud} />
        {revised && <RevisedNotice />}
      </header>
      <ChapterBar variant="desktop" {...controls} />
      {/* The text, and the comments below, each hydrate in a pass of their own (a Boundary), not in one long task. */}
      <div className="chapter-page" data-testid="chapter-page" ref={textRef} {...tapHandlers}>
        <Boundary>
          <CountedChapterText chapter={chapter} glossary={glossary.marked} forms={glossary.forms} />
          <ChapterNotes chapter={chapter} />
        </Boundary>
      </div>
      <div id={LIKE_CONTAINER_ID} className="chapter-likes">
        <LikeButton bookId={chapter.book_id} />
      </div>
      <ChapterNav previousPath={previousPath} nextPath={nextPath} indexPath={indexPath} nextBook={nextBook} nextBookPath={nextBookPath} />
      <div id={COMMENTS_CONTAINER_ID} className="chapter-thread">
        <ParagraphThreadsContext value={paragraphs.threads}>
          <Boundary>
            <CommentSection bookId={chapter.book_id} chapterId={chapter.chapter_id} />
          </Boundary>
        </ParagraphThreadsContext>
      </div>
      <ParagraphThread opened={paragraphs.opened} onClose={paragraphs.close} bookId={chapter.book_id} chapterId={chapter.chapter_id} CommentSection={CommentSection} />
      {glossary.card}
      {barShown && <ChapterBar variant="mobile" {...controls} />}
      <NewChapterNotice bookId={chapter.book_id} slug={bookIDSlug} />
      <ChapterListModal
        open={panel === 'chapters'}
        onClose={closePanel}
        bookIDSlug={bookIDSlug}
        bookId={chapter.book_id}
        chapters={chapterList}
        currentChapterId={chapter.chapter_id}
      />
      <Modal open={panel === 'settings'} title="Reader settings" onClose={closePanel}>
        <ReaderSettings />
      </Modal>
    </article>
  );
}

/** The chapter's text with its paragraphs' comment counts: a component of its own, so that a count's change renders only it. */
function CountedChapterText({ chapter, glossary, forms }: { chapter: ChapterContent; glossary: readonly GlossaryEntry[]; forms: TitleForms }) {
  const counts = useParagraphCounts(chapter.book_id, chapter.chapter_id);
  return <ChapterText content={chapter.content} glossary={glossary} forms={forms} counts={counts} />;
}

/**
 * The chapter's glossary as the reader reads it: the entries its text marks (none when the reader turned marks off),
 * the forms they chose for titles, and the card a mark opens. A signed-in reader's settings are fetched only for a
 * chapter with a glossary; a visitor reads the marks as written.
 */
function useChapterGlossary(page: ChapterPageResponse, textRef: RefObject<HTMLElement | null>) {
  // A chapter saved offline before glossaries existed has none.
  const entries = page.glossary ?? NONE;
  const settings = useReaderSettings({ enabled: entries.length > 0 }).data;
  const chooseForm = useChooseTitleForm();
  const forms: TitleForms = settings?.title_forms ?? NONE;
  const choices = settings && {
    forms,
    choose: (title: string, form: TitleForm | 'as_written') => chooseForm.mutate({ title, form }),
    saving: chooseForm.isPending,
    failure: saveFailure(chooseForm.error),
  };
  const card = useGlossaryCard(textRef, entries, choices);
  return { marked: settings?.glossary_marks === false ? NONE : entries, forms, card };
}
