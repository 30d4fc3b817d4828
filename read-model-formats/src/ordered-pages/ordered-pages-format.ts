/**
 * Ordered pages: a set of entries kept in the order of their keys, read by `_id` alone (the embedded store scans for
 * anything else), for reads that page or filter through much data (the audit trail's filters, the moderation queue's
 * views). One set per owner and partition of the log (a part, whose one writer is the partition's consumer); readers
 * merge the parts of an owner.
 *
 * A part is a head, `_id` = the part's id: its entries themselves while they are few (`e`); past that, a copy of the
 * few entries its readers start from (`t`) with the keys and count of the others (`o`), and beside the head, in the
 * same collection, the directory of its pages (`_id` = orderedDirectoryId(part)), each page `_id` =
 * orderedPageId(part, page), the pages' key ranges disjoint and in order. So a first page of answers merged from many
 * parts reads their heads alone, and a deeper one the directories and the pages it needs. Entries are stored packed,
 * one JSON text per document: the store reads one long string several times faster than as many small objects.
 */
export interface OrderedHeadReadModel {
  _id: string;
  /** Entries in the part. */
  n: number;
  /** Inline: the entries (packEntries). */
  e?: string;
  /** Inline: the log position of the event that changed the entries last (null: an event applied out of log order). */
  s?: number | null;
  /** Paged: a copy of the first or last entries (packEntries), where its readers start. */
  t?: string;
  /** Paged: the lowest and highest keys of the entries besides that copy, and how many they are (absent: none). */
  o?: [min: string, max: string, count: number];
}

/** A paged part's directory (packDirectory), stored with the heads. */
export interface OrderedDirectoryReadModel {
  _id: string;
  d: string;
}

export interface OrderedPageReadModel {
  _id: string;
  /** The log position of the event that changed this page last (null: an event applied out of log order). */
  s: number | null;
  /** The entries (packEntries), in key order. */
  e: string;
  /** The page after this one as this page last knew it (a split names its new page here), or null. */
  next: string | null;
}

/** An entry: its key (entries sort by it, as strings) and what it holds. */
export type OrderedEntry<T> = [key: string, value: T];

/** A page in its part's directory: its suffix, its entry count, and its lowest and highest keys. */
export interface OrderedPageRef {
  page: string;
  n: number;
  min: string;
  max: string;
  /** What the page named as its next when the directory last read it. */
  next: string | null;
}

export const orderedPageId = (part: string, page: string): string => `${part}#${page}`;
export const orderedDirectoryId = (part: string): string => `${part}#dir`;

export const packEntries = <T>(entries: OrderedEntry<T>[]): string => JSON.stringify(entries);
export const unpackEntries = <T>(packed: string | undefined): OrderedEntry<T>[] => (packed ? (JSON.parse(packed) as OrderedEntry<T>[]) : []);

type PackedRef = [page: string, n: number, min: string, max: string, next?: string];
export const packDirectory = (refs: OrderedPageRef[]): string =>
  JSON.stringify(refs.map((ref): PackedRef => (ref.next === null ? [ref.page, ref.n, ref.min, ref.max] : [ref.page, ref.n, ref.min, ref.max, ref.next])));
export const unpackDirectory = (packed: string | undefined): OrderedPageRef[] =>
  packed ? (JSON.parse(packed) as PackedRef[]).map(([page, n, min, max, next]) => ({ page, n, min, max, next: next ?? null })) : [];
