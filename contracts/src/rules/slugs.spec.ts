import { bookIdOfSlug, nextBookSlug, parseRelatedList, relatedListSlug, replyCardSlug, storySlug } from './slugs';

describe('storySlug', () => {
  it('lowercases, drops characters other than letters, digits, spaces and hyphens, and collapses space/hyphen runs', () => {
    expect(storySlug(12, 'Golden Stage')).toBe('12-golden-stage');
    expect(storySlug(7, "The Husky & His White Cat Shizun!")).toBe('7-the-husky-his-white-cat-shizun');
    expect(storySlug(3, 'Qiang  Jin -- Jiu')).toBe('3-qiang-jin-jiu');
    expect(storySlug(5, "Heaven Official's Blessing")).toBe('5-heaven-officials-blessing');
  });
});

describe('relatedListSlug', () => {
  it("joins id and name with ' - ' and then applies the story slug rules", () => {
    expect(relatedListSlug(12, 'Golden Stage')).toBe('12-golden-stage');
    expect(relatedListSlug('8', 'Sha Po Lang (Part 2)')).toBe('8-sha-po-lang-part-2');
  });
});

describe('nextBookSlug', () => {
  it('collapses every run of non-alphanumerics in the lowercased name to one dash', () => {
    expect(nextBookSlug(9, "Heaven Official's Blessing")).toBe('9-heaven-official-s-blessing');
    expect(nextBookSlug(4, 'Mo Dao Zu Shi!')).toBe('4-mo-dao-zu-shi-');
  });
});

describe('replyCardSlug', () => {
  it('keeps only lowercase letters, digits and hyphens', () => {
    expect(replyCardSlug(9, "Heaven Official's Blessing")).toBe('9-heaven-officials-blessing');
    expect(replyCardSlug(2, 'A & B')).toBe('2-a--b');
  });
});

describe('bookIdOfSlug', () => {
  it('reads the id before the first dash, and refuses anything that is not a positive whole number', () => {
    expect(bookIdOfSlug('12-golden-stage')).toBe(12);
    expect(bookIdOfSlug('12')).toBe(12);
    expect(bookIdOfSlug('about-us')).toBeNull();
    expect(bookIdOfSlug('0-zero')).toBeNull();
  });
});

describe('parseRelatedList', () => {
  it('splits semicolon-separated entries on their first hyphen into id and name', () => {
    expect(parseRelatedList('12-Golden Stage; 13-Sha Po Lang - Part 2;')).toEqual([
      { bookId: '12', name: 'Golden Stage' },
      { bookId: '13', name: 'Sha Po Lang - Part 2' },
    ]);
    expect(parseRelatedList('')).toEqual([]);
  });
});
