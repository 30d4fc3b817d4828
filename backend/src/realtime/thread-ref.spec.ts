import { parseThreadRef } from './thread-ref';

describe('parseThreadRef', () => {
  it('accepts a book thread and a chapter thread, keeping only the two ids', () => {
    expect(parseThreadRef({ book_id: 3, chapter_id: null, extra: 'x' })).toEqual({ ok: true, thread: { book_id: 3, chapter_id: null } });
    expect(parseThreadRef({ book_id: 3, chapter_id: 12 })).toEqual({ ok: true, thread: { book_id: 3, chapter_id: 12 } });
  });

  it.each([undefined, null, 'book-3', 3, [3, null]])('refuses %p as not a thread', (input) => {
    expect(parseThreadRef(input)).toEqual({ ok: false, message: 'A thread is an object with book_id and chapter_id.' });
  });

  it.each([0, -1, 1.5, '3', Number.MAX_SAFE_INTEGER + 1, undefined])('refuses book_id %p', (book_id) => {
    expect(parseThreadRef({ book_id, chapter_id: null })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
  });

  it.each([0, 2.5, '7', undefined])('refuses chapter_id %p', (chapter_id) => {
    expect(parseThreadRef({ book_id: 3, chapter_id })).toEqual({
      ok: false,
      message: 'chapter_id must be a positive integer, or null for a book-level thread.',
    });
  });
});
