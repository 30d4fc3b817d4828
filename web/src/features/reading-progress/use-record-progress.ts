import { type ChapterPageResponse, storySlug } from '@shelf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { onHydrated } from '../../shared/state/hydration';
import { userAtom } from '../../shared/state/session.atoms';
import { recordProgress } from './api';
import { saveLocalProgress } from './local-progress';
import { LOCAL_PROGRESS_EVENT, progressKeys } from './queries';
import { placeOf } from './text-position';

/** The longest a changed place waits before it is sent while the reader scrolls. */
const SEND_EVERY_MS = 3_000;

/**
 * Dispatched on `window` by what moves the reader's place without the reader scrolling (read aloud, which goes on with
 * the phone's screen off): a hidden page draws nothing, so it gets no scroll events, but its place still changes.
 */
export const PLACE_MOVED_EVENT = 'reading-place-moved';

/**
 * Keeps the reader's place in the chapter: on opening, every few seconds while it changes (scrolled, or moved by
 * PLACE_MOVED_EVENT), and on leaving the page or the tab. A logged-in reader's goes to their account (every device), a visitor's to this browser. Returns whether the
 * account said the chapter's text was revised since the reader last read it (it says so once, on opening).
 */
export function useRecordProgress(page: ChapterPageResponse, text: RefObject<HTMLElement | null>): boolean {
  // Read when a place is sent, not a reason to start again: on a page the server rendered the session comes in after
  // hydrating, and starting again would first save the place as a visitor's.
  const signedIn = useAtomValue(userAtom)?.user_id ?? null;
  const userId = useRef(signedIn);
  useEffect(() => {
    userId.current = signedIn;
  }, [signedIn]);
  const queryClient = useQueryClient();
  const { chapterContent: chapter, bookDetails } = page;
  const [revisedChapter, setRevisedChapter] = useState<number | null>(null);
  const { mutate: send } = useMutation({
    networkMode: 'always',
    mutationFn: recordProgress,
    onSuccess: (answer, place) => {
      if (answer.revised) setRevisedChapter(place.chapter_id);
    },
    // The workers project it in a moment; the book page asked for before then would show the old place.
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.all }),
  });

  useEffect(() => {
    let lastSent = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const element = text.current;
      if (!element) return;
      const { top, height } = element.getBoundingClientRect();
      const position = placeOf({ top, height }, window.innerHeight);
      if (Math.abs(position - lastSent) < 0.01) return;
      lastSent = position;
      const place = { book_id: chapter.book_id, chapter_id: chapter.chapter_id, position };
      if (userId.current !== null) send(place);
      else {
        // The chapter page has no cover picture: the cover the API draws from the title stands in.
        const slug = storySlug(chapter.book_id, bookDetails.english_book_name);
        saveLocalProgress({ ...place, slug, english_book_name: bookDetails.english_book_name, cover_image: `/covers/${chapter.book_id}.svg`, chapter_title: chapter.title });
        window.dispatchEvent(new Event(LOCAL_PROGRESS_EVENT));
      }
    };
    const onScroll = () => {
      timer ??= setTimeout(flush, SEND_EVERY_MS);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // After the first layout (and a restored scroll position), and once the page has hydrated (the reader's session is
    // in), so the first place is where the reader starts, and theirs.
    let first: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = onHydrated(() => (first = setTimeout(flush, 500)));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener(PLACE_MOVED_EVENT, onScroll);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      stopWaiting();
      clearTimeout(first);
      flush();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener(PLACE_MOVED_EVENT, onScroll);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    };
  }, [chapter.book_id, chapter.chapter_id, chapter.title, bookDetails.english_book_name, text, send]);
  return revisedChapter === chapter.chapter_id;
}
