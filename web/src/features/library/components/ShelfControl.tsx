import { type Shelf, SHELF_NAMES, SHELVES } from '@shelf/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { isShownRefusal } from '../../../shared/api/refusal';
import { isLoggedInAtom } from '../../../shared/state/session.atoms';
import { LogInModal } from '../../../shared/ui/LogInModal';
import { useChooseShelf, useShelf } from '../queries';
import './library.css';

const NONE = '';

/** The story page's shelf: which shelf of the reader's library the story is on, changed in place. */
export function ShelfControl({ bookId }: { bookId: number }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { data } = useShelf(bookId);
  const choose = useChooseShelf(bookId);
  const [askLogIn, setAskLogIn] = useState(false);

  if (!loggedIn) {
    return (
      <div className="shelf-control">
        <button type="button" className="button button--plain" onClick={() => setAskLogIn(true)}>
          Add to library
        </button>
        <LogInModal open={askLogIn} message="Log in to keep stories on your library's shelves." onClose={() => setAskLogIn(false)} />
      </div>
    );
  }
  return (
    <div className="shelf-control">
      <label>
        Library shelf{' '}
        <select
          value={data?.shelf ?? NONE}
          disabled={!data}
          onChange={(event) => choose.mutate(event.target.value === NONE ? null : (event.target.value as Shelf))}
        >
          <option value={NONE}>Not in library</option>
          {SHELVES.map((shelf) => (
            <option key={shelf} value={shelf}>
              {SHELF_NAMES[shelf]}
            </option>
          ))}
        </select>
      </label>
      {choose.isError && (
        <p role="alert" className="shelf-control__error">
          {isShownRefusal(choose.error) ? choose.error.message : 'The shelf could not be changed. Please try again.'}
        </p>
      )}
    </div>
  );
}
