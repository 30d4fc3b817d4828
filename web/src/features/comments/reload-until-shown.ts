import type { CommentsWithLikesResponse, ThreadRef } from '@shelf/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { commentKeys } from './queries';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Reloads the thread's lists after a post. The lists are projections the workers update a moment after the post is
 * acknowledged, so the reload is repeated a few times until the new comment is in (the live push may bring it first).
 */
export async function reloadUntilShown(queryClient: QueryClient, thread: ThreadRef, commentId: string, tries = 8, pauseMs = 250): Promise<void> {
  const shown = () =>
    queryClient
      .getQueriesData<CommentsWithLikesResponse>({ queryKey: commentKeys.thread(thread), type: 'active' })
      .every(([, data]) => data?.comments.some((comment) => comment.comment_id === commentId));
  for (let attempt = 0; attempt < tries; attempt++) {
    await queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) });
    if (shown()) return;
    await sleep(pauseMs);
  }
}
