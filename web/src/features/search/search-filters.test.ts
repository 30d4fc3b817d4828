import { describe, expect, it } from 'vitest';
import { activeFilterCount, apiQueryOf, EMPTY_FILTERS, filtersFromParams, pageFromParams, paramsOf, sameFilters } from './search-filters';

describe('search filters in the address', () => {
  it('round-trips through the address, keeping only what differs from the defaults', () => {
    const filters = { ...EMPTY_FILTERS, diversity: 'Danmei/BL', max_word_count: '50000', tag: ['Sweet', 'Campus'], book_name: ' stage ', sort_by: 'newest' as const };
    const params = paramsOf(filters, 2);
    expect(params.toString()).toBe('diversity=Danmei%2FBL&max_word_count=50000&book_name=stage&sort_by=newest&tag=Sweet&tag=Campus&page=2');
    expect(filtersFromParams(params)).toEqual({ ...filters, book_name: 'stage' });
    expect(pageFromParams(params)).toBe(2);
  });

  it('ignores unknown values and asks the API for page and page size 10', () => {
    const filters = filtersFromParams(new URLSearchParams('diversity=Nope&tag=Sweet&tag=Unknown&page=x'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, tag: ['Sweet'] });
    expect(pageFromParams(new URLSearchParams('page=x'))).toBe(1);
    expect(apiQueryOf(filters, 3)).toBe('tag=Sweet&page=3&pageSize=10');
    expect(sameFilters(filters, { ...EMPTY_FILTERS, tag: ['Sweet'] })).toBe(true);
    expect(sameFilters(filters, EMPTY_FILTERS)).toBe(false);
  });

  it('keeps excluded values and "hide read" in the address, never a value both included and excluded, and asks the API without hide_read', () => {
    const filters = filtersFromParams(new URLSearchParams('tag=Sweet&exclude_tag=Sweet&exclude_tag=Heartbreaking&exclude_genre=Horror&exclude_setting=Nowhere&hide_read=1'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, tag: ['Sweet'], exclude_tag: ['Heartbreaking'], exclude_genre: ['Horror'], hide_read: true });
    expect(paramsOf(filters, 1).toString()).toBe('exclude_genre=Horror&tag=Sweet&exclude_tag=Heartbreaking&hide_read=1');
    expect(apiQueryOf(filters, 2)).toBe('exclude_genre=Horror&tag=Sweet&exclude_tag=Heartbreaking&page=2&pageSize=10');
    expect(filtersFromParams(paramsOf(filters, 1))).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(4);
    expect(activeFilterCount({ ...EMPTY_FILTERS, book_name: 'x', sort_by: 'newest', diversity: 'Non-BL' })).toBe(1);
  });
});
