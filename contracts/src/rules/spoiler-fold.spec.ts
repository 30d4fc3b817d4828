import { spoilerFoldFor, spoilerFoldLine } from './spoiler-fold';

describe('spoiler fold', () => {
  it('folds a comment on a chapter later than the one the reader is on, naming their chapter', () => {
    expect(spoilerFoldFor(42, 17, true)).toBe(17);
    expect(spoilerFoldLine(42, 17)).toBe('Comment on chapter 42 — you are on chapter 17');
  });
  it('shows comments on the chapter the reader is on and on earlier ones', () => {
    expect(spoilerFoldFor(17, 17, true)).toBeNull();
    expect(spoilerFoldFor(3, 17, true)).toBeNull();
  });
  it('shows comments on the story itself, and every comment to a reader with no place in the book', () => {
    expect(spoilerFoldFor(null, 17, true)).toBeNull();
    expect(spoilerFoldFor(undefined, 17, true)).toBeNull();
    expect(spoilerFoldFor(42, null, true)).toBeNull();
    expect(spoilerFoldFor(42, undefined, true)).toBeNull();
  });
  it('folds nothing for a reader who turned folding off', () => {
    expect(spoilerFoldFor(42, 17, false)).toBeNull();
  });
});
