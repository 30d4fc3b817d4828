import fc from 'fast-check';
import { DomainError } from '../../../domain/domain-error';
import { refusalOf } from '../../../domain/refusal-of';
import { parsePageNum, parseSearchParams } from './parse-search-params';

describe('parseSearchParams', () => {
  it('defaults to the first page of 10, most liked first, with no filter', () => {
    expect(parseSearchParams({})).toEqual({
      page: 1, pageSize: 10, sort: 'likes', diversity: undefined, originalLanguage: undefined, completionStatus: undefined,
      ending: undefined, minWordCount: undefined, maxWordCount: undefined, settings: undefined, genres: undefined,
      tags: undefined, text: undefined,
    });
  });

  it("treats 'All', 'Any' and empty values as no filter", () => {
    expect(parseSearchParams({ diversity: 'All', ending: '', word_count: 'All', min_word_count: 'Any', book_name: '  ' })).toMatchObject({
      diversity: undefined, ending: undefined, minWordCount: undefined, text: undefined,
    });
  });

  it('reads every filter of the spec', () => {
    expect(
      parseSearchParams({
        page: '3', pageSize: '10', diversity: 'Danmei/BL', original_language: 'Japanese', completion_status: 'Completed',
        ending: 'Sad Ending', word_count: '5001-50000', setting: ['Modern', 'Futuristic'], 'genre[]': 'Drama',
        tag: 'Sweet,Office', book_name: ' Jade Moon ', sort_by: 'oldest',
      }),
    ).toEqual({
      page: 3, pageSize: 10, diversity: 'Danmei/BL', originalLanguage: 'Japanese', completionStatus: 'Completed',
      ending: 'Sad Ending', minWordCount: 5001, maxWordCount: 50000, settings: ['Modern', 'Futuristic'], genres: ['Drama'],
      tags: ['Sweet', 'Office'], text: 'Jade Moon', sort: 'oldest',
    });
  });

  it('takes open word-count ranges and min/max parameters', () => {
    expect(parseSearchParams({ word_count: '20001-' })).toMatchObject({ minWordCount: 20001, maxWordCount: undefined });
    expect(parseSearchParams({ word_count: '-10000' })).toMatchObject({ minWordCount: undefined, maxWordCount: 10000 });
    expect(parseSearchParams({ min_word_count: '10001', max_word_count: '20000' })).toMatchObject({ minWordCount: 10001, maxWordCount: 20000 });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1 to 10000.'],
    [{ page: '2.5' }, 'page must be a whole number from 1 to 10000.'],
    [{ pageSize: '500' }, 'pageSize must be a whole number from 1 to 50.'],
    [{ sort_by: 'random' }, 'sort_by must be one of: All, likes, newest, oldest.'],
    [{ original_language: 'Korean' }, 'original_language must be one of: All, Chinese, Japanese.'],
    [{ genre: 'Knitting' }, 'Unknown genre: Knitting.'],
    [{ word_count: 'lots' }, 'word_count must look like 5001-10000, 5001- or -10000.'],
    [{ min_word_count: '50001', max_word_count: '10000' }, 'min_word_count must not be above max_word_count.'],
    [{ book_name: 'x'.repeat(201) }, 'book_name must be at most 200 characters.'],
    [{ exclude_tag: 'Knitting' }, 'Unknown exclude_tag: Knitting.'],
    [{ tag: ['Sweet', 'Revenge'], exclude_tag: 'Revenge' }, 'A tag cannot be both included and excluded: Revenge.'],
  ])('refuses %j as invalid, naming the problem', (raw, message) => {
    expect(refusalOf(() => parseSearchParams(raw))).toEqual({ code: 'invalid', message });
  });

  it('reads excluded settings, genres and tags beside the included ones', () => {
    expect(parseSearchParams({ genre: 'Romance', exclude_genre: ['Horror', 'Tragedy'], exclude_setting: 'Modern', 'exclude_tag[]': 'Revenge' })).toMatchObject({
      genres: ['Romance'],
      excludeGenres: ['Horror', 'Tragedy'],
      excludeSettings: ['Modern'],
      excludeTags: ['Revenge'],
    });
  });

  it('reads pageNum, 1 by default', () => {
    expect(parsePageNum({})).toBe(1);
    expect(parsePageNum({ pageNum: '4' })).toBe(4);
    expect(refusalOf(() => parsePageNum({ pageNum: '-1' }))).toEqual({ code: 'invalid', message: 'pageNum must be a whole number from 1 to 10000.' });
  });

  it('answers any value of any parameter with a query or a refusal, nothing else', () => {
    const keys = ['page', 'pageSize', 'pageNum', 'diversity', 'word_count', 'min_word_count', 'genre', 'genre[]', 'tag', 'exclude_tag', 'exclude_genre[]', 'book_name', 'sort_by', 'toString'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.anything({ withObjectString: true, withNullPrototype: true })), (raw) => {
        for (const parse of [parseSearchParams, parsePageNum]) {
          try {
            parse(raw);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
