import { type ChapterTextReadV1, LibraryEventType, type ProgressRecordedV1 } from '@shelf/contracts';
import { reduceBookProgress, reduceReadingProgress } from './reading-progress-reducers';

const recorded = (chapter_id: number, position: number, occurredAt: string, book_id = 7): ProgressRecordedV1 => ({
  id: `e-${chapter_id}-${occurredAt}`,
  streamId: `library-u1-progress-${book_id}-${chapter_id}`,
  version: 1,
  type: LibraryEventType.ProgressRecorded,
  data: { user_id: 'u1', book_id, chapter_id, position },
  metadata: { actor: 'u1', correlationId: 'k', causationId: null },
  occurredAt,
});

describe('reading progress', () => {
  it("records where the reader is in each book, keeping the other books' entries", () => {
    const first = reduceReadingProgress(null, recorded(3, 0.5, '2026-11-25T10:00:00.000Z'));
    const second = reduceReadingProgress(first, recorded(1, 0.2, '2026-11-25T10:01:00.000Z', 9));
    expect(second).toEqual({
      _id: 'u1',
      books: {
        b7: { book_id: 7, chapter_id: 3, position: 0.5, read_at: '2026-11-25T10:00:00.000Z' },
        b9: { book_id: 9, chapter_id: 1, position: 0.2, read_at: '2026-11-25T10:01:00.000Z' },
      },
    });
  });

  it('moves to a later event, even to an earlier chapter (the reader went back)', () => {
    const at4 = reduceReadingProgress(null, recorded(4, 0.9, '2026-11-25T10:00:00.000Z'));
    expect(reduceReadingProgress(at4, recorded(2, 0.1, '2026-11-25T10:05:00.000Z'))?.books.b7).toMatchObject({ chapter_id: 2, position: 0.1 });
  });

  it('changes nothing for an event applied again or older than the entry', () => {
    const event = recorded(3, 0.5, '2026-11-25T10:00:00.000Z');
    const once = reduceReadingProgress(null, event);
    expect(reduceReadingProgress(once, event)).toBeNull();
    expect(reduceReadingProgress(once, recorded(2, 0.1, '2026-11-25T09:00:00.000Z'))).toBeNull();
  });

  it('keeps the chapters read in order, each once', () => {
    const a = reduceBookProgress(null, recorded(3, 0.5, '2026-11-25T10:00:00.000Z'));
    const b = reduceBookProgress(a, recorded(1, 0.5, '2026-11-25T10:01:00.000Z'));
    expect(b).toEqual({ _id: 'u1:7', user_id: 'u1', book_id: 7, chapters_read: [1, 3] });
    expect(reduceBookProgress(b, recorded(3, 0.9, '2026-11-25T10:02:00.000Z'))).toBeNull();
  });

  it('keeps the text of each chapter as the reader last read it, and changes nothing for a text already kept', () => {
    const textRead = (chapter_id: number, text_hash: string): ChapterTextReadV1 => ({
      ...recorded(chapter_id, 0, '2026-11-25T10:00:00.000Z'),
      type: LibraryEventType.ChapterTextRead,
      data: { user_id: 'u1', book_id: 7, chapter_id, text_hash },
    });
    const first = reduceBookProgress(null, textRead(2, 'aaa'));
    expect(first).toEqual({ _id: 'u1:7', user_id: 'u1', book_id: 7, chapters_read: [2], texts_read: { c2: 'aaa' } });
    const read = reduceBookProgress(first, recorded(1, 0.5, '2026-11-25T10:01:00.000Z'));
    expect(read).toEqual({ _id: 'u1:7', user_id: 'u1', book_id: 7, chapters_read: [1, 2], texts_read: { c2: 'aaa' } });
    expect(reduceBookProgress(read, textRead(2, 'aaa'))).toBeNull();
    expect(reduceBookProgress(read, textRead(2, 'bbb'))?.texts_read).toEqual({ c2: 'bbb' });
  });
});
