import {
  COMPLETION_STATUSES,
  DIVERSITIES,
  ENDINGS,
  GENRES,
  MAX_WORD_COUNT_OPTIONS,
  MIN_WORD_COUNT_OPTIONS,
  ORIGINAL_LANGUAGES,
  SEARCH_SORTS,
  type SearchSort,
  SETTINGS,
  TAGS,
} from '@shelf/contracts';

/** The search form's values. They live in the address (same names as the API's query), so a search can be linked. */
export interface SearchFilters {
  diversity: string;
  original_language: string;
  completion_status: string;
  ending: string;
  min_word_count: string;
  max_word_count: string;
  setting: string[];
  genre: string[];
  tag: string[];
  /** Values of the checkbox groups a book must not have. A value is never both included and excluded. */
  exclude_setting: string[];
  exclude_genre: string[];
  exclude_tag: string[];
  book_name: string;
  sort_by: SearchSort;
  /** "Hide stories I have read or shelved": a signed-in reader's search goes to GET /api/user/searchbook. */
  hide_read: boolean;
}

export const SEARCH_PAGE_SIZE = 10;

export const EMPTY_FILTERS: SearchFilters = {
  diversity: 'All',
  original_language: 'All',
  completion_status: 'All',
  ending: 'All',
  min_word_count: 'Any',
  max_word_count: 'Any',
  setting: [],
  genre: [],
  tag: [],
  exclude_setting: [],
  exclude_genre: [],
  exclude_tag: [],
  book_name: '',
  sort_by: 'likes',
  hide_read: false,
};

export const RADIO_GROUPS = [
  { name: 'diversity', legend: 'Diversity', values: ['All', ...DIVERSITIES] },
  { name: 'original_language', legend: 'Original Language', values: ['All', ...ORIGINAL_LANGUAGES] },
  { name: 'completion_status', legend: 'Completion Status', values: ['All', ...COMPLETION_STATUSES] },
  { name: 'ending', legend: 'Ending', values: ['All', ...ENDINGS] },
] as const;

export const CHECKBOX_GROUPS = [
  { name: 'setting', exclude: 'exclude_setting', legend: 'Setting', values: SETTINGS },
  { name: 'genre', exclude: 'exclude_genre', legend: 'Genre', values: GENRES },
  { name: 'tag', exclude: 'exclude_tag', legend: 'Tag', values: TAGS },
] as const;

export type ListKey = (typeof CHECKBOX_GROUPS)[number]['name'] | (typeof CHECKBOX_GROUPS)[number]['exclude'];
const LIST_KEYS = CHECKBOX_GROUPS.flatMap((group) => [group.name, group.exclude]);

export const SORT_LABELS: Record<SearchSort, string> = { likes: 'Most Liked', newest: 'Newest', oldest: 'Oldest' };

const oneOf = (value: string | null, allowed: readonly string[], fallback: string) => (value !== null && allowed.includes(value) ? value : fallback);
const someOf = (values: string[], allowed: readonly string[]) => [...new Set(values.filter((value) => allowed.includes(value)))];

/** The filters an address holds; anything unknown falls back to the default, and an included value is not excluded. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const included = (name: 'setting' | 'genre' | 'tag', allowed: readonly string[]) => someOf(params.getAll(name), allowed);
  const excluded = (name: 'setting' | 'genre' | 'tag', allowed: readonly string[]) =>
    someOf(params.getAll(`exclude_${name}`), allowed).filter((value) => !params.getAll(name).includes(value));
  return {
    diversity: oneOf(params.get('diversity'), RADIO_GROUPS[0].values, 'All'),
    original_language: oneOf(params.get('original_language'), RADIO_GROUPS[1].values, 'All'),
    completion_status: oneOf(params.get('completion_status'), RADIO_GROUPS[2].values, 'All'),
    ending: oneOf(params.get('ending'), RADIO_GROUPS[3].values, 'All'),
    min_word_count: oneOf(params.get('min_word_count'), MIN_WORD_COUNT_OPTIONS, 'Any'),
    max_word_count: oneOf(params.get('max_word_count'), MAX_WORD_COUNT_OPTIONS, 'Any'),
    setting: included('setting', SETTINGS),
    genre: included('genre', GENRES),
    tag: included('tag', TAGS),
    exclude_setting: excluded('setting', SETTINGS),
    exclude_genre: excluded('genre', GENRES),
    exclude_tag: excluded('tag', TAGS),
    book_name: params.get('book_name') ?? '',
    sort_by: oneOf(params.get('sort_by'), SEARCH_SORTS, 'likes') as SearchSort,
    hide_read: params.get('hide_read') === '1',
  };
}

/** The page of an address: a whole number from 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address query of a search: only what differs from the defaults, and the page when it is not 1. */
export function paramsOf(filters: SearchFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['diversity', 'original_language', 'completion_status', 'ending', 'min_word_count', 'max_word_count', 'book_name', 'sort_by'] as const) {
    const value = key === 'book_name' ? filters.book_name.trim() : filters[key];
    if (value !== EMPTY_FILTERS[key]) params.set(key, value);
  }
  for (const key of LIST_KEYS) for (const value of filters[key]) params.append(key, value);
  if (filters.hide_read) params.set('hide_read', '1');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API query of a search (GET /api/searchbook): the address query plus the page and the page size. */
export function apiQueryOf(filters: SearchFilters, page: number): string {
  const params = paramsOf(filters, 1);
  params.delete('hide_read');
  params.set('page', String(page));
  params.set('pageSize', String(SEARCH_PAGE_SIZE));
  return params.toString();
}

/** How many filters differ from the defaults (the text box and the sort aside), counting each checked value. */
export function activeFilterCount(filters: SearchFilters): number {
  const radios = (['diversity', 'original_language', 'completion_status', 'ending', 'min_word_count', 'max_word_count'] as const).filter(
    (key) => filters[key] !== EMPTY_FILTERS[key],
  ).length;
  return radios + LIST_KEYS.reduce((count, key) => count + filters[key].length, 0) + (filters.hide_read ? 1 : 0);
}

/** Whether two searches ask for the same books. */
export const sameFilters = (a: SearchFilters, b: SearchFilters): boolean => paramsOf(a, 1).toString() === paramsOf(b, 1).toString();
