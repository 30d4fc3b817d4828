import { LibraryEventType, type ProgressRecordedV1 } from '@shelf/contracts';
import { decideProgress } from './progress-decisions';

const recorded = (position: number, version: number): ProgressRecordedV1 => ({
  id: `e${version}`,
  streamId: 'library-u1-progress-7-3',
  version,
  type: LibraryEventType.ProgressRecorded,
  data: { user_id: 'u1', book_id: 7, chapter_id: 3, position },
  metadata: { actor: 'u1', correlationId: 'k', causationId: null },
  occurredAt: '2026-11-25T10:00:00.000Z',
});
const at = (position: number) => ({ userId: 'u1', bookId: 7, chapterId: 3, position });
const event = (position: number) => ({ type: LibraryEventType.ProgressRecorded, data: { user_id: 'u1', book_id: 7, chapter_id: 3, position } });

describe('recording reading progress', () => {
  it('records the first position in a chapter', () => {
    expect(decideProgress([], at(0))).toEqual({ outcome: true, events: [event(0)] });
  });

  it('records a move down or back up the chapter', () => {
    expect(decideProgress([recorded(0.2, 1)], at(0.6))).toEqual({ outcome: true, events: [event(0.6)] });
    expect(decideProgress([recorded(0.2, 1), recorded(0.6, 2)], at(0.1))).toEqual({ outcome: true, events: [event(0.1)] });
  });

  it('records nothing when the reader is where they were last recorded', () => {
    expect(decideProgress([recorded(0.5, 1)], at(0.5))).toEqual({ outcome: false, events: [] });
    expect(decideProgress([recorded(0.5, 1)], at(0.505))).toEqual({ outcome: false, events: [] });
    expect(decideProgress([recorded(0.9, 1), recorded(0.5, 2)], at(0.5)).events).toEqual([]);
  });
});
