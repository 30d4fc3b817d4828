import { libraryStreams } from './library-events';
import { partitionKey } from './event-log';
import { socialStreams } from './social-events';

describe('partitionKey', () => {
  const reader = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b';

  it("keeps every stream of one reader's library in one partition key", () => {
    const keys = [
      partitionKey(libraryStreams.progress(reader, 7, 3), 'reading.progress-recorded.v1', {}),
      partitionKey(libraryStreams.shelf(reader, 12), 'library.shelf-chosen.v1', {}),
    ];
    expect(new Set(keys)).toEqual(new Set([`library-${reader}`]));
  });

  it("keeps a book's likes with the book and a thread's comments with the thread", () => {
    expect(partitionKey(socialStreams.storyLike(7, reader), 'story.liked.v1', {})).toBe('book-7');
    expect(partitionKey('comment-x', 'comment.posted.v1', { book_id: 7, chapter_id: null })).toBe('thread-7-book');
  });

  it('gives any other stream its own key', () => {
    expect(partitionKey(`user-${reader}`, 'user.registered.v2', {})).toBe(`user-${reader}`);
  });
});
