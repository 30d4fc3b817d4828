import { LibraryEventType, type Shelf } from '@shelf/contracts';
import { reduceShelves, type ShelfEvent } from './shelf-reducers';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const chosen = (book_id: number, shelf: Shelf, version: number, occurredAt = '2026-11-25T10:00:00.000Z'): ShelfEvent => ({
  id: `c${book_id}-${version}`, streamId: `library-u1-shelf-${book_id}`, version, type: LibraryEventType.ShelfChosen, data: { user_id: 'u1', book_id, shelf }, metadata: meta, occurredAt,
});
const cleared = (book_id: number, version: number): ShelfEvent => ({
  id: `x${book_id}-${version}`, streamId: `library-u1-shelf-${book_id}`, version, type: LibraryEventType.ShelfCleared, data: { user_id: 'u1', book_id }, metadata: meta, occurredAt: '2026-11-25T11:00:00.000Z',
});

describe('shelves', () => {
  it('puts a story on a shelf, moves it to another and takes it off', () => {
    const one = reduceShelves(null, chosen(7, 'reading', 1));
    expect(one).toEqual({ _id: 'u1', books: { b7: { book_id: 7, shelf: 'reading', shelved_at: '2026-11-25T10:00:00.000Z' } }, versions: { b7: 1 } });
    const moved = reduceShelves(one, chosen(7, 'completed', 2, '2026-11-25T12:00:00.000Z'));
    expect(moved?.books.b7).toEqual({ book_id: 7, shelf: 'completed', shelved_at: '2026-11-25T12:00:00.000Z' });
    const withOther = reduceShelves(moved, chosen(9, 'dropped', 1));
    expect(reduceShelves(withOther, cleared(7, 3))).toEqual({ _id: 'u1', books: { b9: withOther!.books.b9 }, versions: { b7: 3, b9: 1 } });
  });

  it('changes nothing for an event applied again', () => {
    const one = reduceShelves(null, chosen(7, 'reading', 1));
    expect(reduceShelves(one, chosen(7, 'reading', 1))).toBeNull();
    const off = reduceShelves(one, cleared(7, 2));
    expect(reduceShelves(off, chosen(7, 'reading', 1))).toBeNull();
  });
});
