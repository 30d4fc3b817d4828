import type { ThreadRef } from '@shelf/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { commentKeys, hasMore, listsOf } from './queries';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Reloads the thread's lists after a post from the section of `paragraph` (null: the whole thread's). The lists are
 * projections the workers update a moment after the post is acknowledged, so the reload is repeated a few times until
 * the new comment is in the lists shown that hold it (the live push may bring it first). A list with comments still to
 * load, in an order that puts a new comment last, may not show it among those loaded: it is not waited for (the live
 * push adds it at the end of what is loaded).
 */
export async function reloadUntilShown(
  queryClient: QueryClient,
  thread: ThreadRef,
  commentId: string,
  paragraph: string | null = null,
  tries = 8,
  pauseMs = 250,
): Promise<void> {
  const shown = () =>
    listsOf(queryClient, thread, paragraph).every(
      ({ criteria, data }) =>
        data !== undefined &&
        (data.pages.some((page) => page.comments.some((comment) => comment.comment_id === commentId)) || (hasMore(data) && criteria !== 'newest')),
    );
  for (let attempt = 0; attempt < tries; attempt++) {
    await queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) });
    if (shown()) return;
    await sleep(pauseMs);
  }
}
