import type { SearchSort } from '@shelf/contracts';
import { SEARCHABLE_ATTRIBUTES, type SearchBookDocument } from '../search-document';
import { type SearchQuery, type SearchResult, SORT_KEYS, searchWords } from '../search-query';
import { candidateRange, wordMatches } from '../text-match';
import { SlotBits } from './slot-bits';

/** The fields a search narrows by value: one value each, or a list. */
const FACETS = ['diversities', 'original_languages', 'completion_statuses', 'endings', 'genres', 'settings', 'tags'] as const;
type Facet = (typeof FACETS)[number];

/**
 * The embedded engine's index: every document in memory, each in a slot of its own. A search combines bit sets (the
 * books having each filter value, the books whose title words match the text) and walks the slots in the sort's
 * order, kept from the first search in that order after a change, so it sorts nothing and tests one bit per book.
 */
export class InMemoryIndex {
  private readonly docs: SearchBookDocument[] = [];
  private readonly slots = new Map<number, number>();
  /** The slots of each field's value, keyed by `field value`. */
  private readonly facets = new Map<string, SlotBits>();
  /** Each distinct word of the searchable attributes, with the slots whose attributes have it. */
  private readonly vocabulary = new Map<string, SlotBits>();
  /** The vocabulary's words in code unit order, kept from the first text search after a word came or went. */
  private sortedWords: string[] | null = null;
  private readonly ordered = new Map<SearchSort, number[]>();
  private readonly everyone = new SlotBits();

  get size(): number {
    return this.docs.length;
  }

  put(doc: SearchBookDocument): void {
    let slot = this.slots.get(doc.book_id);
    if (slot === undefined) {
      slot = this.docs.length;
      this.slots.set(doc.book_id, slot);
      this.everyone.add(slot);
    } else {
      this.unlink(this.docs[slot], slot);
    }
    this.docs[slot] = doc;
    for (const key of facetKeys(doc)) {
      const bits = this.facets.get(key) ?? new SlotBits();
      bits.add(slot);
      this.facets.set(key, bits);
    }
    for (const word of wordsOf(doc)) {
      let slots = this.vocabulary.get(word);
      if (!slots) {
        this.vocabulary.set(word, (slots = new SlotBits()));
        this.sortedWords = null;
      }
      slots.add(slot);
    }
    this.ordered.clear();
  }

  search(query: SearchQuery): SearchResult<SearchBookDocument> {
    const [start, end] = [(query.page - 1) * query.pageSize, query.page * query.pageSize];
    const hits: SearchBookDocument[] = [];
    let total = 0;
    this.forEachMatch(query, query.sort === 'random' ? this.docs.keys() : this.inOrder(query.sort), (doc) => {
      if (total >= start && total < end) hits.push(doc);
      total++;
    });
    return { hits, total };
  }

  sample(query: SearchQuery, count: number, random: () => number = Math.random): SearchBookDocument[] {
    const matches: SearchBookDocument[] = [];
    this.forEachMatch(query, this.docs.keys(), (doc) => matches.push(doc));
    // A partial Fisher–Yates shuffle: the first `count` places get a uniform random pick each.
    for (let i = 0; i < Math.min(count, matches.length); i++) {
      const j = i + Math.floor(random() * (matches.length - i));
      [matches[i], matches[j]] = [matches[j], matches[i]];
    }
    return matches.slice(0, count);
  }

  /** Takes a document's slot out of its values' and words' sets, before the slot gets the document's new version. */
  private unlink(doc: SearchBookDocument, slot: number): void {
    for (const key of facetKeys(doc)) this.facets.get(key)?.delete(slot);
    for (const word of wordsOf(doc)) {
      const slots = this.vocabulary.get(word);
      slots?.delete(slot);
      if (slots?.isEmpty()) {
        this.vocabulary.delete(word);
        this.sortedWords = null;
      }
    }
  }

  /** The slots in the sort's order, then by book id. */
  private inOrder(sort: SearchSort): number[] {
    let slots = this.ordered.get(sort);
    if (!slots) {
      const { field, direction } = SORT_KEYS[sort];
      const sign = direction === 'asc' ? 1 : -1;
      const { docs } = this;
      slots = [...docs.keys()].sort((a, b) => sign * (docs[a][field] - docs[b][field]) || docs[a].book_id - docs[b].book_id);
      this.ordered.set(sort, slots);
    }
    return slots;
  }

  /** Hands `visit` each document the query matches, in `order`. */
  private forEachMatch(query: SearchQuery, order: Iterable<number>, visit: (doc: SearchBookDocument) => void): void {
    const allowed = this.allowed(query);
    const only = query.bookIds && new Set(query.bookIds);
    const hidden = query.excludeBookIds?.length ? new Set(query.excludeBookIds) : undefined;
    const { minWordCount = -Infinity, maxWordCount = Infinity } = query;
    const { docs } = this;
    for (const slot of order) {
      if (allowed && !allowed.has(slot)) continue;
      const doc = docs[slot];
      if (doc.book_word_count < minWordCount || doc.book_word_count > maxWordCount) continue;
      if ((only && !only.has(doc.book_id)) || hidden?.has(doc.book_id)) continue;
      visit(doc);
    }
  }

  /** The slots every value filter and the text allow; undefined when the query has none. */
  private allowed(query: SearchQuery): SlotBits | undefined {
    let allowed: SlotBits | undefined;
    const keep = (bits: SlotBits) => (allowed = allowed ? allowed.and(bits) : bits.clone());
    const values = (field: Facet, value: string) => this.facets.get(`${field} ${value}`) ?? new SlotBits();
    if (query.diversity) keep(values('diversities', query.diversity));
    if (query.originalLanguage) keep(values('original_languages', query.originalLanguage));
    if (query.completionStatus) keep(values('completion_statuses', query.completionStatus));
    if (query.ending) keep(values('endings', query.ending));
    for (const value of query.settings ?? []) keep(values('settings', value));
    for (const value of query.genres ?? []) keep(values('genres', value));
    for (const value of query.tags ?? []) keep(values('tags', value));
    const words = query.text ? searchWords(query.text) : [];
    if (words.length > 0) keep(this.matching(words));
    const excluded = [
      ...(query.excludeSettings ?? []).map((value) => values('settings', value)),
      ...(query.excludeGenres ?? []).map((value) => values('genres', value)),
      ...(query.excludeTags ?? []).map((value) => values('tags', value)),
    ];
    if (excluded.length > 0) allowed ??= this.everyone.clone();
    for (const bits of excluded) allowed!.andNot(bits);
    return allowed;
  }

  /**
   * The slots in which every query word matches a word (the last one may be a prefix, as Meilisearch matches). Only
   * the words that could match are tested: those in the query word's candidate range of the sorted vocabulary.
   */
  private matching(queryWords: string[]): SlotBits {
    const sorted = (this.sortedWords ??= [...this.vocabulary.keys()].sort());
    let all: SlotBits | undefined;
    queryWords.forEach((queryWord, i) => {
      const some = new SlotBits();
      const [from, to] = candidateRange(sorted, queryWord);
      for (let w = from; w < to; w++) {
        if (wordMatches(sorted[w], queryWord, i === queryWords.length - 1)) some.or(this.vocabulary.get(sorted[w])!);
      }
      all = all ? all.and(some) : some;
    });
    return all ?? new SlotBits();
  }
}

function facetKeys(doc: SearchBookDocument): string[] {
  return FACETS.flatMap((field) => [doc[field]].flat().map((value) => `${field} ${value}`));
}

function wordsOf(doc: SearchBookDocument): Set<string> {
  return new Set(
    SEARCHABLE_ATTRIBUTES.flatMap((attribute) => {
      const value = doc[attribute];
      return searchWords(Array.isArray(value) ? value.join(' ') : value);
    }),
  );
}
