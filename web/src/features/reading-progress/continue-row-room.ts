// index.html's early script keeps room at the top of home for the "Continue reading" row of a reader with places
// (:root[data-continue-row], see global.css), so that the row, drawn only once the app runs, moves nothing. The room
// goes once the row is drawn or known to stay away. A logged-in reader's places are the account's: whether the row
// showed is kept in this browser for the script's next guess.

/** The local storage key of whether the row last showed a logged-in reader's places (JSON true or false). */
export const CONTINUE_ROW_SHOWN_KEY = 'continueRowShown';

/** Keeps room for the row on the next home drawn, as index.html's early script does for a page it loads. */
export function keepContinueRowRoom(): void {
  document.documentElement.dataset.continueRow = '';
}

/** Ends the room kept for the row. */
export function releaseContinueRowRoom(): void {
  delete document.documentElement.dataset.continueRow;
}

/** Remembers whether the row showed a logged-in reader's places. */
export function rememberContinueRowShown(shown: boolean): void {
  try {
    localStorage.setItem(CONTINUE_ROW_SHOWN_KEY, JSON.stringify(shown));
  } catch {
    // Storage unavailable: the next load keeps no room.
  }
}
