import { SEARCHABLE_ATTRIBUTES, type SearchBookDocument } from '../search-document';
import { type SearchQuery, type SearchResult, SORT_KEYS, searchWords } from '../search-query';
import { wordMatches } from '../text-match';

interface Entry {
  doc: SearchBookDocument;
  words: string[];
}

/** The embedded engine's index: every document in memory, filtered and sorted per query. */
export class InMemoryIndex {
  private readonly entries = new Map<number, Entry>();

  get size(): number {
    return this.entries.size;
  }

  put(doc: SearchBookDocument): void {
    const words = SEARCHABLE_ATTRIBUTES.flatMap((attribute) => {
      const value = doc[attribute];
      return searchWords(Array.isArray(value) ? value.join(' ') : value);
    });
    this.entries.set(doc.book_id, { doc, words });
  }

  search(query: SearchQuery): SearchResult<SearchBookDocument> {
    const matches = this.filter(query);
    if (query.sort !== 'random') {
      const { field, direction } = SORT_KEYS[query.sort];
      const sign = direction === 'asc' ? 1 : -1;
      matches.sort((a, b) => sign * (a[field] - b[field]) || a.book_id - b.book_id);
    }
    const start = (query.page - 1) * query.pageSize;
    return { hits: matches.slice(start, start + query.pageSize), total: matches.length };
  }

  sample(query: SearchQuery, count: number, random: () => number = Math.random): SearchBookDocument[] {
    const matches = this.filter(query);
    // A partial Fisher–Yates shuffle: the first `count` places get a uniform random pick each.
    for (let i = 0; i < Math.min(count, matches.length); i++) {
      const j = i + Math.floor(random() * (matches.length - i));
      [matches[i], matches[j]] = [matches[j], matches[i]];
    }
    return matches.slice(0, count);
  }

  private filter(query: SearchQuery): SearchBookDocument[] {
    const words = query.text ? searchWords(query.text) : [];
    const only = query.bookIds && new Set(query.bookIds);
    const hidden = new Set(query.excludeBookIds);
    const result: SearchBookDocument[] = [];
    for (const { doc, words: docWords } of this.entries.values()) {
      if (only && !only.has(doc.book_id)) continue;
      if (hidden.has(doc.book_id)) continue;
      if (query.diversity && doc.diversities !== query.diversity) continue;
      if (query.originalLanguage && doc.original_languages !== query.originalLanguage) continue;
      if (query.completionStatus && doc.completion_statuses !== query.completionStatus) continue;
      if (query.ending && doc.endings !== query.ending) continue;
      if (query.minWordCount !== undefined && doc.book_word_count < query.minWordCount) continue;
      if (query.maxWordCount !== undefined && doc.book_word_count > query.maxWordCount) continue;
      if (query.settings && !query.settings.every((value) => doc.settings.includes(value))) continue;
      if (query.genres && !query.genres.every((value) => doc.genres.includes(value))) continue;
      if (query.tags && !query.tags.every((value) => doc.tags.includes(value))) continue;
      if (query.excludeSettings?.some((value) => doc.settings.includes(value))) continue;
      if (query.excludeGenres?.some((value) => doc.genres.includes(value))) continue;
      if (query.excludeTags?.some((value) => doc.tags.includes(value))) continue;
      if (words.length > 0 && !matchesWords(docWords, words)) continue;
      result.push(doc);
    }
    return result;
  }
}

/** Every query word matches a document word; the last one may be a prefix (as Meilisearch matches). */
function matchesWords(docWords: string[], queryWords: string[]): boolean {
  const last = queryWords.length - 1;
  return queryWords.every((word, i) => docWords.some((docWord) => wordMatches(docWord, word, i === last)));
}
