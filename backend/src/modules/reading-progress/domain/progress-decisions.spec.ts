import { type AnyDomainEvent, LibraryEventType } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideProgress, type ProgressInput } from './progress-decisions';

const ref = { user_id: 'u1', book_id: 7, chapter_id: 3 };
const STREAM = 'library-u1-progress-7-3';
/** What the reader's stream of the chapter holds: a position recorded, or the text's hash as they read it. */
const recorded = (position: number): AnyDomainEvent => storedEvent(STREAM, LibraryEventType.ProgressRecorded, { ...ref, position });
const textRead = (text_hash: string): AnyDomainEvent => storedEvent(STREAM, LibraryEventType.ChapterTextRead, { ...ref, text_hash });
const place = (position: number) => ({ type: LibraryEventType.ProgressRecorded, data: { ...ref, position } });
const text = (text_hash: string) => ({ type: LibraryEventType.ChapterTextRead, data: { ...ref, text_hash } });

/**
 * Given the reader's stream of the chapter, when they are at `position` of the text `textHash` (null: not known), with
 * their place in the book on chapter `bookPlace` (null: none known).
 */
const record = deciderSpec(
  (...events: AnyDomainEvent[]) => stream(...events),
  (history, [position, textHash = null, bookPlace = null]: [number, (string | null)?, ProgressInput['bookPlace']?]) =>
    decideProgress(history, { userId: 'u1', bookId: 7, chapterId: 3, position, textHash, bookPlace }),
);
const moved = { recorded: true, revised: false };
const still = { recorded: false, revised: false };

describe('recording reading progress', () => {
  it('records the first position in a chapter', () => record.given().when([0]).then([place(0)], moved));

  it('records a move down the chapter', () => record.given(recorded(0.2)).when([0.6]).then([place(0.6)], moved));

  it('records a move back up the chapter', () => record.given(recorded(0.2), recorded(0.6)).when([0.1]).then([place(0.1)], moved));

  it('records nothing when the reader is where they were last recorded', () => record.given(recorded(0.5)).when([0.5]).then([], still));

  it('records nothing for a move of less than a hundredth of the chapter', () => record.given(recorded(0.5)).when([0.505]).then([], still));

  it("records the same position again when the book's place has gone to another chapter since", () => {
    const last = recorded(0.5);
    const later = new Date(Date.parse(last.occurredAt) + 60_000).toISOString();
    record.given(last).when([0.5, null, { chapterId: 1, readAt: later }]).then([place(0.5)], moved);
  });

  it("records nothing where the reader stands still, the book's place on this chapter or on another before it", () => {
    const last = recorded(0.5);
    record.given(last).when([0.5, null, { chapterId: 3, readAt: last.occurredAt }]).then([], still);
    // Projected before this chapter's last record (the read model not caught up yet): not a move.
    record.given(last).when([0.5, null, { chapterId: 1, readAt: new Date(Date.parse(last.occurredAt) - 1).toISOString() }]).then([], still);
  });

  it('compares with the last position recorded, not an earlier one', () => record.given(recorded(0.9), recorded(0.5)).when([0.5]).then([]));
});

describe('the chapter’s text as the reader read it', () => {
  it('records the text of a chapter read for the first time, which is not a revision', () => record.given().when([0, 'aaa']).then([text('aaa'), place(0)], moved));

  it('records nothing more of the text while it stays as read', () => record.given(textRead('aaa'), recorded(0)).when([0.4, 'aaa']).then([place(0.4)]));

  it('records nothing at all where the reader stands still on the text as read', () => record.given(textRead('aaa'), recorded(0.4)).when([0.4, 'aaa']).then([]));

  it('says that the text was revised since the reader read it, even where they stand still', () =>
    record.given(textRead('aaa'), recorded(0.4)).when([0.4, 'bbb']).then([text('bbb')], { recorded: false, revised: true }));

  it('says it once: the new text read, nothing more', () => record.given(textRead('aaa'), recorded(0.4), textRead('bbb')).when([0.4, 'bbb']).then([], still));

  it('does not call a revision a chapter read before texts were kept', () => record.given(recorded(0.4)).when([0.8, 'bbb']).then([text('bbb'), place(0.8)], moved));

  it('records no text when the chapter’s text is not known', () => record.given(textRead('aaa')).when([0.8, null]).then([place(0.8)]));
});
