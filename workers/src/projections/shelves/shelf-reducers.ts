import { LibraryEventType, type ShelfChosenV1, type ShelfClearedV1, type ShelvesReadModel } from '@shelf/contracts';

export type ShelfEvent = ShelfChosenV1 | ShelfClearedV1;

/** The reader's shelves after the event, or null when it was applied before. */
export function reduceShelves(current: ShelvesReadModel | null, event: ShelfEvent): ShelvesReadModel | null {
  const { user_id, book_id } = event.data;
  const key = `b${book_id}`;
  if ((current?.versions[key] ?? 0) >= event.version) return null;
  const books = { ...current?.books };
  if (event.type === LibraryEventType.ShelfChosen) books[key] = { book_id, shelf: event.data.shelf, shelved_at: event.occurredAt };
  else delete books[key];
  return { _id: user_id, books, versions: { ...current?.versions, [key]: event.version } };
}
