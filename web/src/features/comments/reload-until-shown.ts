import type { CommentSort, ThreadRef } from '@shelf/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { commentKeys, hasMore, type ThreadPages } from './queries';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Reloads the thread's lists after a post. The lists are projections the workers update a moment after the post is
 * acknowledged, so the reload is repeated a few times until the new comment is in (the live push may bring it first).
 * A list with comments still to load, in an order that puts a new comment last, may not show it among those loaded:
 * it is not waited for (the live push adds it at the end of what is loaded).
 */
export async function reloadUntilShown(queryClient: QueryClient, thread: ThreadRef, commentId: string, tries = 8, pauseMs = 250): Promise<void> {
  const shown = () =>
    queryClient
      .getQueriesData<ThreadPages>({ queryKey: commentKeys.thread(thread), type: 'active' })
      .every(
        ([key, data]) =>
          data !== undefined &&
          (data.pages.some((page) => page.comments.some((comment) => comment.comment_id === commentId)) || (hasMore(data) && (key[3] as CommentSort) !== 'newest')),
      );
  for (let attempt = 0; attempt < tries; attempt++) {
    await queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) });
    if (shown()) return;
    await sleep(pauseMs);
  }
}
