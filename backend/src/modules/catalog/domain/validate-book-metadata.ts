import {
  type BookMetadata,
  checkGlossary,
  COMPLETION_STATUSES,
  DIVERSITIES,
  ENDINGS,
  GENRES,
  ORIGINAL_LANGUAGES,
  SETTINGS,
  TAGS,
} from '@shelf/contracts';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const isString = (value: unknown): value is string => typeof value === 'string';

/** Checks a book's metadata (from an import file or a request) field by field; every problem is named. */
export function validateBookMetadata(raw: unknown): Validated<BookMetadata> {
  if (typeof raw !== 'object' || raw === null) return { ok: false, errors: ['the metadata is not an object'] };
  const input = raw as Record<string, unknown>;
  const errors: string[] = [];
  const text = (key: keyof BookMetadata, required: boolean) => {
    const value = input[key];
    if (!isString(value) || (required && value.trim() === '')) errors.push(`${key} must be a${required ? ' non-empty' : ''} string`);
  };
  const oneOf = (key: keyof BookMetadata, allowed: readonly string[]) => {
    if (!allowed.includes(input[key] as string)) errors.push(`${key} must be one of: ${allowed.join(', ')}`);
  };
  const listOf = (key: keyof BookMetadata, allowed?: readonly string[]) => {
    const value = input[key];
    if (!Array.isArray(value) || !value.every(isString)) return void errors.push(`${key} must be a list of strings`);
    const unknown = allowed ? value.filter((item) => !allowed.includes(item)) : [];
    if (unknown.length > 0) errors.push(`${key} has unknown values: ${unknown.join(', ')}`);
  };
  const refs = (key: keyof BookMetadata) => {
    const value = input[key];
    const valid = Array.isArray(value) && value.every((ref) => Number.isInteger(ref?.book_id) && ref.book_id > 0 && isString(ref?.name));
    if (!valid) errors.push(`${key} must be a list of { book_id, name }`);
  };

  if (!Number.isInteger(input.book_id) || (input.book_id as number) < 1) errors.push('book_id must be a positive whole number');
  text('english_book_name', true);
  text('author', true);
  for (const key of ['original_book_name', 'cover_image', 'raw_source', 'description', 'book_tl_note'] as const) text(key, false);
  listOf('associated_names');
  oneOf('diversities', DIVERSITIES);
  oneOf('original_languages', ORIGINAL_LANGUAGES);
  oneOf('completion_statuses', COMPLETION_STATUSES);
  oneOf('endings', ENDINGS);
  listOf('genres', GENRES);
  listOf('settings', SETTINGS);
  listOf('tags', TAGS);
  for (const key of ['part_of_series', 'shared_universe', 'similar_theme'] as const) refs(key);
  const glossary = input.glossary === undefined ? undefined : checkGlossary(input.glossary);
  if (glossary && !glossary.ok) errors.push(...glossary.errors.map((error) => `glossary: ${error}`));
  if (errors.length > 0) return { ok: false, errors };

  const keys: (keyof BookMetadata)[] = [
    'book_id', 'english_book_name', 'original_book_name', 'associated_names', 'author', 'cover_image', 'raw_source',
    'description', 'book_tl_note', 'diversities', 'original_languages', 'completion_statuses', 'endings', 'genres',
    'settings', 'tags', 'part_of_series', 'shared_universe', 'similar_theme',
  ];
  // Only the known fields, in one order, so an unchanged book compares equal whatever its file looked like; a book
  // without a glossary has no field for it, as before glossaries were kept.
  const value = Object.fromEntries(keys.map((key) => [key, input[key]])) as unknown as BookMetadata;
  return { ok: true, value: glossary?.ok ? { ...value, glossary: glossary.value } : value };
}
