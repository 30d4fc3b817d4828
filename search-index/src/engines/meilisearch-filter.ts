import type { SearchQuery } from '../search-query';

/** Query translation: the filters of a SearchQuery as a Meilisearch filter expression. */
export function meilisearchFilter(query: SearchQuery): string[] {
  const quote = (value: string) => JSON.stringify(value);
  const filters: string[] = [];
  if (query.diversity) filters.push(`diversities = ${quote(query.diversity)}`);
  if (query.originalLanguage) filters.push(`original_languages = ${quote(query.originalLanguage)}`);
  if (query.completionStatus) filters.push(`completion_statuses = ${quote(query.completionStatus)}`);
  if (query.ending) filters.push(`endings = ${quote(query.ending)}`);
  if (query.minWordCount !== undefined) filters.push(`book_word_count >= ${query.minWordCount}`);
  if (query.maxWordCount !== undefined) filters.push(`book_word_count <= ${query.maxWordCount}`);
  for (const value of query.settings ?? []) filters.push(`settings = ${quote(value)}`);
  for (const value of query.genres ?? []) filters.push(`genres = ${quote(value)}`);
  for (const value of query.tags ?? []) filters.push(`tags = ${quote(value)}`);
  for (const value of query.excludeSettings ?? []) filters.push(`NOT settings = ${quote(value)}`);
  for (const value of query.excludeGenres ?? []) filters.push(`NOT genres = ${quote(value)}`);
  for (const value of query.excludeTags ?? []) filters.push(`NOT tags = ${quote(value)}`);
  if (query.bookIds) {
    // An empty IN list is not a valid filter; no book has a negative id.
    filters.push(query.bookIds.length > 0 ? `book_id IN [${query.bookIds.join(', ')}]` : 'book_id < 0');
  }
  if (query.excludeBookIds?.length) filters.push(`book_id NOT IN [${query.excludeBookIds.join(', ')}]`);
  return filters;
}
