import {
  COMPLETION_STATUSES,
  DIVERSITIES,
  ENDINGS,
  GENRES,
  ORIGINAL_LANGUAGES,
  SEARCH_SORTS,
  SETTINGS,
  TAGS,
} from '@shelf/contracts';
import type { SearchQuery } from '@shelf/search-index';
import { DomainError } from '../../../domain/domain-error';

export const SEARCH_PAGE_SIZE = 10;
const MAX_PAGE = 10_000;
const MAX_TEXT = 200;

/** A request's query parameters as they came. */
export type QueryParams = Record<string, unknown>;

const invalid = (message: string) => new DomainError('invalid', message);

const first = (value: unknown): string | undefined => (Array.isArray(value) ? first(value[0]) : typeof value === 'string' ? value : undefined);

/** A list parameter as `tag=a&tag=b`, `tag[]=a`, or `tag=a,b`. */
const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .filter((item): item is string => typeof item === 'string')
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);

function whole(raw: QueryParams, key: string, min: number, max: number, fallback?: number): number | undefined {
  const text = first(raw[key])?.trim();
  if (text === undefined || text === '' || text.toLowerCase() === 'any') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw invalid(`${key} must be a whole number from ${min} to ${max}.`);
  }
  return Number(text);
}

function oneOf<T extends string>(raw: QueryParams, key: string, allowed: readonly T[]): T | undefined {
  const value = first(raw[key])?.trim();
  if (value === undefined || value === '' || value === 'All') return undefined;
  if (!allowed.includes(value as T)) throw invalid(`${key} must be one of: All, ${allowed.join(', ')}.`);
  return value as T;
}

function someOf<T extends string>(raw: QueryParams, key: string, allowed: readonly T[]): T[] | undefined {
  const values = [...new Set(list(raw[key]).concat(list(raw[`${key}[]`])))];
  const unknown = values.filter((value) => !allowed.includes(value as T));
  if (unknown.length > 0) throw invalid(`Unknown ${key}: ${unknown.join(', ')}.`);
  return values.length > 0 ? (values as T[]) : undefined;
}

/** The values of `key` and of `exclude_{key}`; a value may not be both included and excluded. */
function includedAndExcluded<T extends string>(raw: QueryParams, key: string, allowed: readonly T[]): { include?: T[]; exclude?: T[] } {
  const include = someOf(raw, key, allowed);
  const exclude = someOf(raw, `exclude_${key}`, allowed);
  const both = include?.filter((value) => exclude?.includes(value)) ?? [];
  if (both.length > 0) throw invalid(`A ${key} cannot be both included and excluded: ${both.join(', ')}.`);
  return { include, exclude };
}

/** `word_count` as `min-max`, either side optional (`5001-`, `-10000`, `5001-10000`), or 'All'. */
function wordCountRange(raw: QueryParams): { min?: number; max?: number } {
  const text = first(raw.word_count)?.trim();
  if (!text || text === 'All') return {};
  const match = /^(\d*)\s*-\s*(\d*)$/.exec(text);
  if (!match) throw invalid('word_count must look like 5001-10000, 5001- or -10000.');
  return { min: match[1] ? Number(match[1]) : undefined, max: match[2] ? Number(match[2]) : undefined };
}

/**
 * Query translation: the spec's search parameters (plus `exclude_setting`, `exclude_genre` and `exclude_tag`, lists like
 * their include twins) as a SearchQuery. Anything malformed is refused as invalid.
 */
export function parseSearchParams(raw: QueryParams): SearchQuery {
  const range = wordCountRange(raw);
  const minWordCount = whole(raw, 'min_word_count', 0, 100_000_000, range.min);
  const maxWordCount = whole(raw, 'max_word_count', 0, 100_000_000, range.max);
  if (minWordCount !== undefined && maxWordCount !== undefined && minWordCount > maxWordCount) {
    throw invalid('min_word_count must not be above max_word_count.');
  }
  const text = first(raw.book_name)?.trim() ?? '';
  if (text.length > MAX_TEXT) throw invalid(`book_name must be at most ${MAX_TEXT} characters.`);
  const pageSize = whole(raw, 'pageSize', 1, 50, SEARCH_PAGE_SIZE)!;
  const settings = includedAndExcluded(raw, 'setting', SETTINGS);
  const genres = includedAndExcluded(raw, 'genre', GENRES);
  const tags = includedAndExcluded(raw, 'tag', TAGS);
  return {
    page: whole(raw, 'page', 1, MAX_PAGE, 1)!,
    pageSize,
    diversity: oneOf(raw, 'diversity', DIVERSITIES),
    originalLanguage: oneOf(raw, 'original_language', ORIGINAL_LANGUAGES),
    completionStatus: oneOf(raw, 'completion_status', COMPLETION_STATUSES),
    ending: oneOf(raw, 'ending', ENDINGS),
    minWordCount,
    maxWordCount,
    settings: settings.include,
    genres: genres.include,
    tags: tags.include,
    excludeSettings: settings.exclude,
    excludeGenres: genres.exclude,
    excludeTags: tags.exclude,
    text: text || undefined,
    sort: oneOf(raw, 'sort_by', SEARCH_SORTS) ?? 'likes',
  };
}

/** `pageNum` of the list routes: a whole number from 1, 1 when absent. */
export const parsePageNum = (raw: QueryParams): number => whole(raw, 'pageNum', 1, MAX_PAGE, 1)!;
