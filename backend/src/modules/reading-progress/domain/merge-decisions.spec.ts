import { positionsToMerge } from './merge-decisions';

const entry = (book_id: number, chapter_id: number, read_at: string) => ({ book_id, chapter_id, position: 0.5, read_at });

describe('merging a visitor’s progress into the account at login', () => {
  it('takes every book the account has no position in', () => {
    expect(positionsToMerge([entry(7, 3, '2026-11-25T10:00:00.000Z')], {})).toEqual([entry(7, 3, '2026-11-25T10:00:00.000Z')]);
  });

  it('takes a book only where the visitor was there later than the account', () => {
    const account = { b7: entry(7, 5, '2026-11-25T09:00:00.000Z'), b9: entry(9, 2, '2026-11-25T12:00:00.000Z') };
    expect(positionsToMerge([entry(7, 3, '2026-11-25T10:00:00.000Z'), entry(9, 1, '2026-11-25T11:00:00.000Z')], account)).toEqual([
      entry(7, 3, '2026-11-25T10:00:00.000Z'),
    ]);
  });

  it('keeps the newest of several entries for one book', () => {
    expect(positionsToMerge([entry(7, 1, '2026-11-25T08:00:00.000Z'), entry(7, 4, '2026-11-25T10:00:00.000Z'), entry(7, 2, '2026-11-25T09:00:00.000Z')], {})).toEqual([
      entry(7, 4, '2026-11-25T10:00:00.000Z'),
    ]);
  });
});
