import { type AnyDomainEvent, LibraryEventType, type Shelf, SHELVED_STORIES_LIMIT, type ShelfChosenV1, type ShelfClearedV1 } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';

/** The shelf a story's shelf stream ends on, null for none. */
export function foldShelf(history: AnyDomainEvent[]): Shelf | null {
  const last = history.at(-1) as ShelfChosenV1 | ShelfClearedV1 | undefined;
  return last?.type === LibraryEventType.ShelfChosen ? last.data.shelf : null;
}

export interface ShelfChoice {
  userId: string;
  bookId: number;
  /** null takes the story off its shelf. */
  shelf: Shelf | null;
  /** How many stories the reader has on their shelves now. */
  shelved: number;
}

/** Puts the story on the shelf chosen (off any other) or takes it off; only a change appends; the outcome is its shelf. */
export function decideShelf(history: AnyDomainEvent[], { userId, bookId, shelf, shelved }: ShelfChoice): Decision<Shelf | null, ShelfChosenV1 | ShelfClearedV1> {
  const current = foldShelf(history);
  if (current === shelf) return { outcome: shelf, events: [] };
  if (shelf === null) return { outcome: null, events: [{ type: LibraryEventType.ShelfCleared, data: { user_id: userId, book_id: bookId } }] };
  if (current === null && shelved >= SHELVED_STORIES_LIMIT) {
    throw new DomainError('invalid', `Your library holds at most ${SHELVED_STORIES_LIMIT.toLocaleString('en-US')} stories. Take one off a shelf first.`);
  }
  return { outcome: shelf, events: [{ type: LibraryEventType.ShelfChosen, data: { user_id: userId, book_id: bookId, shelf } }] };
}
