import { CommentMessage } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { LogInModal } from '../../../shared/ui/LogInModal';
import { MessageModal } from '../../../shared/ui/MessageModal';
import { isShownRefusal } from '../../../shared/api/refusal';
import { isLoggedInAtom, userAtom } from '../../../shared/state/session.atoms';
import { setBookLiked } from '../api';
import { likeCountText } from '../like-text';
import { likeKeys, useLikeStatus } from '../queries';
import './likes.css';

/** The button stays disabled this long after each click (spec section 9). */
export const LIKE_DEBOUNCE_MS = 500;

/**
 * The story like button with its count text (story and chapter pages). A click toggles the like and the count at
 * once, before the server answers, and is not rolled back on failure.
 */
export function LikeButton({ bookId }: { bookId: number }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const queryClient = useQueryClient();
  const { data } = useLikeStatus(bookId);
  const [cooling, setCooling] = useState(false);
  const [askLogIn, setAskLogIn] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

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
    const key = likeKeys.status(bookId, userId);
    const liked = !isLiked;
    // An answer still on its way would overwrite the toggle.
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, { isLiked: liked, likeCount: { like_count: Math.max(0, count + (liked ? 1 : -1)) } });
    setBookLiked(bookId, liked).catch((error: unknown) => {
      if (isShownRefusal(error)) setRefusal(error.message);
      else console.error(error);
    });
  };

  return (
    <div className="like-box">
      <button
        type="button"
        className={isLiked ? 'like-button like-button--liked' : 'like-button'}
        aria-pressed={isLiked}
        disabled={cooling || !data}
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
