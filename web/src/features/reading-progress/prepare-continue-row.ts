import type { QueryClient } from '@tanstack/react-query';
import { fetchContinueReading } from './api';
import { keepContinueRowRoom, rememberContinueRowShown } from './continue-row-room';
import { progressKeys } from './queries';

/** How long signing in waits for the account's places before going home without them. */
export const CONTINUE_ROW_WAIT_MS = 2000;

/**
 * A reader who has just signed in goes home next, where their account's "Continue reading" row would come in after
 * the lists and push them down: their places are fetched first (into the row's query), so that home keeps the row's
 * room from its first paint when there is a row, and none when there is not, and the early script knows on the next
 * load. Never fails: without an answer within `waitMs`, home draws the row as it comes.
 */
export async function prepareContinueRow(queryClient: QueryClient, userId: string, waitMs = CONTINUE_ROW_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await Promise.race([
      queryClient.fetchQuery({ queryKey: progressKeys.recent(userId), queryFn: ({ signal }) => fetchContinueReading(signal) }),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs))),
    ]);
    if (!answer) return;
    const shown = answer.books.length > 0;
    rememberContinueRowShown(shown);
    if (shown) keepContinueRowRoom();
  } catch {
    // No places to tell: home draws the row, if any, when they come.
  } finally {
    clearTimeout(timer);
  }
}
