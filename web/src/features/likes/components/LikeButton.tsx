import { CommentMessage } from '@shelf/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { LogInModal } from '../../../shared/ui/LogInModal';
import { MessageModal } from '../../../shared/ui/MessageModal';
import { useHydrated } from '../../../shared/state/hydration';
import { isLoggedInAtom } from '../../../shared/state/session.atoms';
import { likeCountText } from '../like-text';
import { useLikeStatus } from '../queries';
import { useLikeStory } from '../use-like-story';
import './likes.css';

/** The button stays disabled this long after each click. */
export const LIKE_DEBOUNCE_MS = 500;

/**
 * The story like button with its count text (story and chapter pages). A click toggles the like and the count at
 * once, before the server answers, and is not rolled back on failure.
 */
export function LikeButton({ bookId }: { bookId: number }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { data } = useLikeStatus(bookId);
  const [cooling, setCooling] = useState(false);
  const [askLogIn, setAskLogIn] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const likeStory = useLikeStory(bookId, setRefusal);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Drawn by the server (which does not know the reader's like) it is enabled, so that a tap before the page is ready
  // is kept and given once the like is known (app/early-input.ts); in the app it waits for the like.
  const hydrated = useHydrated();
  const isLiked = data?.isLiked ?? false;
  const count = data?.likeCount.like_count ?? 0;

  const onClick = () => {
    setCooling(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCooling(false), LIKE_DEBOUNCE_MS);
    if (!loggedIn) {
      setAskLogIn(true);
      return;
    }
    likeStory.mutate(!isLiked);
  };

  return (
    <div className="like-box">
      <button
        type="button"
        className={isLiked ? 'like-button like-button--liked' : 'like-button'}
        aria-pressed={isLiked}
        disabled={cooling || (!data && hydrated)}
        onClick={onClick}
      >
        <span aria-hidden="true">{isLiked ? '♥' : '♡'}</span> {isLiked ? 'Liked' : 'Like'}
      </button>
      {data && <p className="like-count">{likeCountText(count)}</p>}
      <LogInModal open={askLogIn} message={CommentMessage.logInToLikeStory} onClose={() => setAskLogIn(false)} />
      <MessageModal message={refusal} onClose={() => setRefusal(null)} />
    </div>
  );
}
