import { type AnyDomainEvent, LibraryEventType } from '@shelf/contracts';
import { decideProgress } from './progress-decisions';

const base = (version: number) => ({
  id: `e${version}`,
  streamId: 'library-u1-progress-7-3',
  version,
  metadata: { actor: 'u1', correlationId: 'k', causationId: null },
  occurredAt: '2026-11-25T10:00:00.000Z',
});
const ref = { user_id: 'u1', book_id: 7, chapter_id: 3 };
const recorded = (position: number, version: number): AnyDomainEvent => ({ ...base(version), type: LibraryEventType.ProgressRecorded, data: { ...ref, position } });
const textRead = (text_hash: string, version: number): AnyDomainEvent => ({ ...base(version), type: LibraryEventType.ChapterTextRead, data: { ...ref, text_hash } });

const at = (position: number, textHash: string | null = null) => ({ userId: 'u1', bookId: 7, chapterId: 3, position, textHash });
const place = (position: number) => ({ type: LibraryEventType.ProgressRecorded, data: { ...ref, position } });
const text = (text_hash: string) => ({ type: LibraryEventType.ChapterTextRead, data: { ...ref, text_hash } });

describe('recording reading progress', () => {
  it('records the first position in a chapter', () => {
    expect(decideProgress([], at(0))).toEqual({ outcome: { recorded: true, revised: false }, events: [place(0)] });
  });
  it('records a move down or back up the chapter', () => {
    expect(decideProgress([recorded(0.2, 1)], at(0.6))).toEqual({ outcome: { recorded: true, revised: false }, events: [place(0.6)] });
    expect(decideProgress([recorded(0.2, 1), recorded(0.6, 2)], at(0.1)).events).toEqual([place(0.1)]);
  });
  it('records nothing when the reader is where they were last recorded', () => {
    expect(decideProgress([recorded(0.5, 1)], at(0.5))).toEqual({ outcome: { recorded: false, revised: false }, events: [] });
    expect(decideProgress([recorded(0.5, 1)], at(0.505)).events).toEqual([]);
    expect(decideProgress([recorded(0.9, 1), recorded(0.5, 2)], at(0.5)).events).toEqual([]);
  });
});

describe('the chapter’s text as the reader read it', () => {
  it('records the text of a chapter read for the first time, which is not a revision', () => {
    expect(decideProgress([], at(0, 'aaa'))).toEqual({ outcome: { recorded: true, revised: false }, events: [text('aaa'), place(0)] });
  });
  it('records nothing more while the text stays as read', () => {
    expect(decideProgress([textRead('aaa', 1), recorded(0, 2)], at(0.4, 'aaa')).events).toEqual([place(0.4)]);
    expect(decideProgress([textRead('aaa', 1), recorded(0.4, 2)], at(0.4, 'aaa')).events).toEqual([]);
  });
  it('says once that the text was revised since the reader read it, even where they stand still', () => {
    const history = [textRead('aaa', 1), recorded(0.4, 2)];
    expect(decideProgress(history, at(0.4, 'bbb'))).toEqual({ outcome: { recorded: false, revised: true }, events: [text('bbb')] });
    expect(decideProgress([...history, textRead('bbb', 3)], at(0.4, 'bbb'))).toEqual({ outcome: { recorded: false, revised: false }, events: [] });
  });
  it('does not call a revision what it cannot know: a chapter read before texts were kept', () => {
    expect(decideProgress([recorded(0.4, 1)], at(0.8, 'bbb'))).toEqual({ outcome: { recorded: true, revised: false }, events: [text('bbb'), place(0.8)] });
    expect(decideProgress([textRead('aaa', 1)], at(0.8, null)).events).toEqual([place(0.8)]);
  });
});
