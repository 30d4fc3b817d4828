// What the k6 journeys read (lib/run-data.js): the catalog sample, the churn readers, and from @shelf/contracts the
// search's filter values and the comment rules, so the journeys follow the site's own definitions.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const contracts = createRequire(import.meta.url)('@shelf/contracts');

/** Writes the run's data to `file`. */
export function writeRunData(file, { books, churnReaders }) {
  const enums = {
    diversities: contracts.DIVERSITIES,
    originalLanguages: contracts.ORIGINAL_LANGUAGES,
    completionStatuses: contracts.COMPLETION_STATUSES,
    endings: contracts.ENDINGS,
    minWordCounts: contracts.MIN_WORD_COUNT_OPTIONS,
    maxWordCounts: contracts.MAX_WORD_COUNT_OPTIONS,
    settings: contracts.SETTINGS,
    genres: contracts.GENRES,
    tags: contracts.TAGS,
    searchSorts: contracts.SEARCH_SORTS,
  };
  const commentRules = { cooldownMs: contracts.COMMENT_RULES.cooldownMs };
  writeFileSync(file, JSON.stringify({ books, churnReaders: churnReaders.map(({ email, password }) => ({ email, password })), enums, commentRules }));
}
