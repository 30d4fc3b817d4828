import type { SearchSort } from '@shelf/contracts';
import { SEARCHABLE_ATTRIBUTES, type SearchBookDocument } from '../search-document';
import { type SearchQuery, type SearchResult, SORT_KEYS, searchWords } from '../search-query';
import { candidateRange, wordMatches } from '../text-match';
import { SlotBits } from './slot-bits';

/** The fields a search narrows by value: one value each, or a list. */
const FACETS = ['diversities', 'original_languages', 'completion_statuses', 'endings', 'genres', 'settings', 'tags'] as const;
type Facet = (typeof FACETS)[number];
/** How many query words' slots are kept at most (about 1.3 KB each for 10,000 books). */
const MAX_KEPT_WORDS = 1000;

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
  /**
   * The slots each query word matches (keyed by its match rule and the word), kept until a title's words change: a
   * short prefix ("a", typed first) matches hundreds of words, and the same few words start most searches.
   */
  private readonly wordSlots = new Map<string, SlotBits>();
  private readonly ordered = new Map<SearchSort, number[]>();
  private readonly everyone = new SlotBits();

  get size(): number {
    return this.docs.length;
  }

  put(doc: SearchBookDocument): void {
    let slot = this.slots.get(doc.book_id);
    const previous = slot === undefined ? undefined : this.docs[slot];
    if (slot === undefined) {
      slot = this.docs.length;
      this.slots.set(doc.book_id, slot);
      this.everyone.add(slot);
    }
    this.docs[slot] = doc;
    relink(this.facets, slot, previous ? facetKeys(previous) : [], facetKeys(doc));
    const words = relink(this.vocabulary, slot, previous ? wordsOf(previous) : [], wordsOf(doc));
    if (words !== 'nothing') this.wordSlots.clear();
    if (words === 'keys') this.sortedWords = null;
    // A new like changes one order; a new chapter the other two.
    for (const sort of this.ordered.keys()) {
      const { field } = SORT_KEYS[sort];
      if (previous?.[field] !== doc[field]) this.ordered.delete(sort);
    }
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
    let all: SlotBits | undefined;
    queryWords.forEach((queryWord, i) => {
      const some = this.slotsMatching(queryWord, i === queryWords.length - 1);
      all = all ? all.and(some) : some.clone();
    });
    return all ?? new SlotBits();
  }

  /** The slots whose words match `queryWord` (as a prefix too, for the last query word); not to be changed. */
  private slotsMatching(queryWord: string, asPrefix: boolean): SlotBits {
    const key = `${asPrefix ? '*' : '='}${queryWord}`;
    let some = this.wordSlots.get(key);
    if (some) return some;
    some = new SlotBits();
    const sorted = (this.sortedWords ??= [...this.vocabulary.keys()].sort());
    const [from, to] = candidateRange(sorted, queryWord);
    for (let w = from; w < to; w++) if (wordMatches(sorted[w], queryWord, asPrefix)) some.or(this.vocabulary.get(sorted[w])!);
    if (this.wordSlots.size >= MAX_KEPT_WORDS) this.wordSlots.clear();
    this.wordSlots.set(key, some);
    return some;
  }
}

/** What relinking one slot changed: nothing, only which slots some keys have, or the keys themselves (one came or went). */
type Relinked = 'nothing' | 'slots' | 'keys';

/**
 * Moves `slot` from the sets of the keys only `before` has to those of the keys only `after` has (dropping sets left
 * empty); what that changed.
 */
function relink(sets: Map<string, SlotBits>, slot: number, before: Iterable<string>, after: Iterable<string>): Relinked {
  const kept = new Set(before);
  let changed: Relinked = 'nothing';
  for (const key of after) {
    if (kept.delete(key)) continue;
    let slots = sets.get(key);
    if (!slots) {
      sets.set(key, (slots = new SlotBits()));
      changed = 'keys';
    } else if (changed === 'nothing') changed = 'slots';
    slots.add(slot);
  }
  for (const key of kept) {
    const slots = sets.get(key);
    slots?.delete(slot);
    if (slots?.isEmpty()) {
      sets.delete(key);
      changed = 'keys';
    } else if (changed === 'nothing') changed = 'slots';
  }
  return changed;
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
