import { LibraryEventType, type Shelf, SHELVED_STORIES_LIMIT, type ShelfChosenV1, type ShelfClearedV1 } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { decideShelf, foldShelf } from './shelf-decisions';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const on = (shelf: Shelf, version: number): ShelfChosenV1 => ({
  id: `e${version}`, streamId: 'library-u1-shelf-7', version, type: LibraryEventType.ShelfChosen, data: { user_id: 'u1', book_id: 7, shelf }, metadata: meta, occurredAt: '2026-11-25T10:00:00.000Z',
});
const off = (version: number): ShelfClearedV1 => ({
  id: `e${version}`, streamId: 'library-u1-shelf-7', version, type: LibraryEventType.ShelfCleared, data: { user_id: 'u1', book_id: 7 }, metadata: meta, occurredAt: '2026-11-25T10:00:00.000Z',
});
const choose = (shelf: Shelf | null, shelved = 0) => ({ userId: 'u1', bookId: 7, shelf, shelved });

describe('choosing a story’s shelf', () => {
  it('puts a story on a shelf, or moves it from another', () => {
    expect(decideShelf([], choose('reading'))).toEqual({ outcome: 'reading', events: [{ type: LibraryEventType.ShelfChosen, data: { user_id: 'u1', book_id: 7, shelf: 'reading' } }] });
    expect(decideShelf([on('reading', 1)], choose('completed')).events).toEqual([{ type: LibraryEventType.ShelfChosen, data: { user_id: 'u1', book_id: 7, shelf: 'completed' } }]);
  });

  it('takes a shelved story off its shelf', () => {
    expect(decideShelf([on('dropped', 1)], choose(null))).toEqual({ outcome: null, events: [{ type: LibraryEventType.ShelfCleared, data: { user_id: 'u1', book_id: 7 } }] });
  });

  it('appends nothing when the story is already where the reader puts it', () => {
    expect(decideShelf([on('reading', 1)], choose('reading'))).toEqual({ outcome: 'reading', events: [] });
    expect(decideShelf([], choose(null))).toEqual({ outcome: null, events: [] });
    expect(decideShelf([on('reading', 1), off(2)], choose(null)).events).toEqual([]);
  });

  it('refuses a new story when the library is full, but still moves one already in it', () => {
    expect(() => decideShelf([], choose('reading', SHELVED_STORIES_LIMIT))).toThrow(DomainError);
    expect(decideShelf([on('reading', 1)], choose('completed', SHELVED_STORIES_LIMIT)).outcome).toBe('completed');
  });

  it('folds the stream to its last shelf', () => {
    expect([[], [on('reading', 1)], [on('reading', 1), off(2)]].map(foldShelf)).toEqual([null, 'reading', null]);
  });
});
