import { parseBookRef } from './book-ref';

describe('parseBookRef', () => {
  it('accepts a book, keeping only its id', () => {
    expect(parseBookRef({ book_id: 3, chapter_id: 4, extra: 'x' })).toEqual({ ok: true, book: { book_id: 3 } });
  });

  it.each([undefined, null, 'book-3', 3, [3]])('refuses %p as not a book', (input) => {
    expect(parseBookRef(input)).toEqual({ ok: false, message: 'A book is an object with book_id.' });
  });

  it.each([0, -1, 1.5, '3', Number.MAX_SAFE_INTEGER + 1, undefined, null, { $gt: 0 }])('refuses book_id %p', (book_id) => {
    expect(parseBookRef({ book_id })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
  });
});
