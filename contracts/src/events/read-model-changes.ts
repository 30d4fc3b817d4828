import { AccountEventType, accountStreams } from './account-events';

/**
 * Redis pub/sub channel on which the workers announce read-model changes, so API processes drop cached answers; and
 * on which an erasure is announced (accountErasedChange), so every API process refuses the account at once.
 */
export const READ_MODEL_CHANGES_CHANNEL = 'read-models:changed';

export interface ReadModelChange {
  eventType: string;
  streamId: string;
  /** The account an erasure (`user.erased.v1`) ended. */
  userId?: string;
}

/** The change announced when an account is erased: API processes refuse its tokens and close its sockets. */
export const accountErasedChange = (userId: string): ReadModelChange => ({ eventType: AccountEventType.UserErased, streamId: accountStreams.user(userId), userId });

/** The account a message of the change channel says was erased, or null for any other change (or an unreadable message). */
export function erasedAccountOf(message: string): string | null {
  try {
    const change = JSON.parse(message) as ReadModelChange;
    return change.eventType === AccountEventType.UserErased && typeof change.userId === 'string' ? change.userId : null;
  } catch {
    return null;
  }
}

/** The change announced when a rebuild has pointed read models at new collections: readers look them up again. */
export const READ_MODELS_REBUILT = 'read-models.rebuilt';

/** Whether an event can change a public catalog answer (books, chapters, lists with their like counts). */
export const changesCatalog = (eventType: string): boolean =>
  eventType.startsWith('book.') || eventType.startsWith('chapter.') || eventType.startsWith('story.') || eventType === READ_MODELS_REBUILT;
