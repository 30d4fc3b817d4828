import type { LikeStatusResponse } from '@shelf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { isShownRefusal } from '../../shared/api/refusal';
import { userAtom } from '../../shared/state/session.atoms';
import { setBookLiked } from './api';
import { likeKeys } from './queries';

/**
 * Likes (true) or unlikes (false) the story for the logged-in reader. The like and its count change in the cache at
 * once, before the server answers, and are not rolled back on failure. A 403 or 429 refusal is handed
 * to `onRefused` with the server's message; other failures are only logged.
 */
export function useLikeStory(bookId: number, onRefused: (message: string) => void) {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useMutation({
    // A write is sent (and fails) at once, as a plain fetch does, rather than paused while the browser is offline.
    networkMode: 'always',
    mutationFn: (liked: boolean) => setBookLiked(bookId, liked),
    // Runs within `mutate`, so the button shows the change on the click itself.
    onMutate: (liked) => {
      const key = likeKeys.status(bookId, userId);
      // An answer still on its way would overwrite the toggle.
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<LikeStatusResponse>(key, (status) => {
        const count = status?.likeCount.like_count ?? 0;
        return { isLiked: liked, likeCount: { like_count: Math.max(0, count + (liked ? 1 : -1)) } };
      });
    },
    onError: (error) => {
      if (isShownRefusal(error)) onRefused(error.message);
      else console.error(error);
    },
  });
}
