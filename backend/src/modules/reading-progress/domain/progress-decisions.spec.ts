import { LibraryEventType } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideProgress } from './progress-decisions';

const data = (position: number) => ({ user_id: 'u1', book_id: 7, chapter_id: 3, position });
/** Given the positions recorded in the reader's stream of the chapter, when they are at `position`. */
const record = deciderSpec(
  (...positions: number[]) => stream(...positions.map((position) => storedEvent('library-u1-progress-7-3', LibraryEventType.ProgressRecorded, data(position)))),
  (history, position: number) => decideProgress(history, { userId: 'u1', bookId: 7, chapterId: 3, position }),
);
const recorded = (position: number) => [{ type: LibraryEventType.ProgressRecorded, data: data(position) }];

describe('recording reading progress', () => {
  it('records the first position in a chapter', () => record.given().when(0).then(recorded(0), true));

  it('records a move down the chapter', () => record.given(0.2).when(0.6).then(recorded(0.6), true));

  it('records a move back up the chapter', () => record.given(0.2, 0.6).when(0.1).then(recorded(0.1), true));

  it('records nothing when the reader is where they were last recorded', () => record.given(0.5).when(0.5).then([], false));

  it('records nothing for a move of less than a hundredth of the chapter', () => record.given(0.5).when(0.505).then([], false));

  it('compares with the last position recorded, not an earlier one', () => record.given(0.9, 0.5).when(0.5).then([]));
});
