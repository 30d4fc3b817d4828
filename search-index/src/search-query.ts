import type {
  CompletionStatus,
  Diversity,
  Ending,
  Genre,
  OriginalLanguage,
  SearchSort,
  Setting,
  Tag,
} from '@shelf/contracts';

/**
 * A search as the engines take it. Unset filters do not narrow; setting, genre and tag lists match books that have
 * every listed value, and their exclude lists books that have none of them. Results are ordered by the sort, then by
 * book id.
 */
export interface SearchQuery {
  page: number;
  pageSize: number;
  diversity?: Diversity;
  originalLanguage?: OriginalLanguage;
  completionStatus?: CompletionStatus;
  ending?: Ending;
  minWordCount?: number;
  maxWordCount?: number;
  settings?: Setting[];
  genres?: Genre[];
  tags?: Tag[];
  excludeSettings?: Setting[];
  excludeGenres?: Genre[];
  excludeTags?: Tag[];
  /** Every word must match a word of a searchable attribute, as `wordMatches` says (one typo, the last word as a prefix). */
  text?: string;
  /** Only these books (for a reader's liked stories). */
  bookIds?: number[];
  /** Not these books (the ones a reader has read or shelved). */
  excludeBookIds?: number[];
  sort: SearchSort | 'random';
}

export interface SearchResult<Doc> {
  hits: Doc[];
  total: number;
}

/** The sort keys of each order; book id breaks ties so every engine returns the same order. */
export const SORT_KEYS: Record<SearchSort, { field: 'like_count' | 'last_updated_ms'; direction: 'asc' | 'desc' }> = {
  likes: { field: 'like_count', direction: 'desc' },
  newest: { field: 'last_updated_ms', direction: 'desc' },
  oldest: { field: 'last_updated_ms', direction: 'asc' },
};

/** Lowercased words of a text: runs of letters and digits. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
