import { LibraryEventType, type Shelf, SHELVED_STORIES_LIMIT } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideShelf, foldShelf } from './shelf-decisions';

const on = (shelf: Shelf) => storedEvent('library-u1-shelf-7', LibraryEventType.ShelfChosen, { user_id: 'u1', book_id: 7, shelf });
const off = () => storedEvent('library-u1-shelf-7', LibraryEventType.ShelfCleared, { user_id: 'u1', book_id: 7 });

/** Given the reader's shelf stream of the story, when they choose a shelf (null: none) with `shelved` stories in their library. */
const choose = deciderSpec(stream, (history, { shelf, shelved = 0 }: { shelf: Shelf | null; shelved?: number }) => decideShelf(history, { userId: 'u1', bookId: 7, shelf, shelved }));
const chosen = (shelf: Shelf) => [{ type: LibraryEventType.ShelfChosen, data: { user_id: 'u1', book_id: 7, shelf } }];

describe('choosing a story’s shelf', () => {
  it('puts a story on a shelf', () => choose.given().when({ shelf: 'reading' }).then(chosen('reading'), 'reading'));

  it('moves a story from another shelf', () => choose.given(on('reading')).when({ shelf: 'completed' }).then(chosen('completed')));

  it('takes a shelved story off its shelf', () =>
    choose.given(on('dropped')).when({ shelf: null }).then([{ type: LibraryEventType.ShelfCleared, data: { user_id: 'u1', book_id: 7 } }], null));

  it('appends nothing when the story is on the shelf chosen', () => choose.given(on('reading')).when({ shelf: 'reading' }).then([], 'reading'));

  it('appends nothing when a story never shelved is taken off', () => choose.given().when({ shelf: null }).then([], null));

  it('appends nothing when a story taken off is taken off again', () => choose.given(on('reading'), off()).when({ shelf: null }).then([]));

  it('refuses a new story when the library is full', () =>
    choose.given().when({ shelf: 'reading', shelved: SHELVED_STORIES_LIMIT }).thenRefuses('invalid', `Your library holds at most ${SHELVED_STORIES_LIMIT.toLocaleString('en-US')} stories. Take one off a shelf first.`));

  it('still moves a story already in a full library', () => choose.given(on('reading')).when({ shelf: 'completed', shelved: SHELVED_STORIES_LIMIT }).thenAnswers('completed'));

  it('folds the stream to its last shelf', () => expect([[], [on('reading')], [on('reading'), off()]].map((history) => foldShelf(stream(...history)))).toEqual([null, 'reading', null]));
});
