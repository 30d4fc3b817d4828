import {
  type OrderedDirectoryReadModel,
  orderedDirectoryId,
  type OrderedEntry,
  type OrderedHeadReadModel,
  orderedPageId,
  type OrderedPageReadModel,
  type OrderedPageRef,
  unpackDirectory,
  unpackEntries,
} from './ordered-pages-format';
import type { ReadModelStore } from '../read-model-store';

/** What the loader needs of a collection: a lookup by `_id`. */
type Lookup<T extends { _id: string }> = Pick<ReadModelStore<T>, 'findOne'>;

export interface OrderedSelection<T> {
  /** `asc`: lowest key first; `desc`: highest first. */
  order: 'asc' | 'desc';
  /** Only keys from `from` to `to` (both included). */
  from?: string;
  to?: string;
  skip: number;
  limit: number;
  /** Only entries it accepts count; without it, whole pages are skipped by their counts, unread. */
  matches?: (value: T) => boolean;
}

/** Reads a paged part's directory, and a page of a part (its entries in key order). */
export interface OrderedLoader<T> {
  directory(part: string): Promise<OrderedPageRef[]>;
  page(part: string, page: string): Promise<OrderedEntry<T>[]>;
}

/** Reads the directories from the heads' collection and the pages from theirs, by `_id`. */
export const storedPages = <T>(heads: Lookup<OrderedDirectoryReadModel>, pages: Lookup<OrderedPageReadModel>): OrderedLoader<T> => ({
  directory: async (part) => unpackDirectory((await heads.findOne({ _id: orderedDirectoryId(part) }))?.d),
  page: async (part, page) => unpackEntries<T>((await pages.findOne({ _id: orderedPageId(part, page) }))?.e),
});

/**
 * Entries not read yet, by what their part says of them: a part's entries besides its head's copy of the edge (read
 * by its directory), or a page of them. How many, and bounds of their keys.
 */
interface Unread {
  part: string;
  /** The page, or null for the part's directory. */
  page: string | null;
  n: number;
  min: string;
  max: string;
  /** Reaches past `from` or `to`: how many of its entries count is unknown until read. */
  partial: boolean;
  /** The keys of its head's copy of the edge (read there), left out when it is read. */
  copied?: OrderedEntry<unknown>[];
}

/** What the merge takes from next: entries not read yet (by their first key), or the next entry of entries read. */
type Source<T> = { key: string; unread: Unread } | { key: string; entries: OrderedEntry<T>[]; at: number };

/**
 * Entries `skip` to `skip + limit` of parts of ordered pages (ordered-pages-format.ts) merged in key
 * order, read by `_id`: the heads (given), whose copies of the edge answer a first page; past them only the directories
 * and the pages that can hold what is asked for. Entries wholly before the first one wanted are passed over by their
 * counts (none are without `matches`), and what can reach the last one is read at once, side by side, so a page of
 * answers costs about a page of each part drawn from, whatever the depth and whatever the parts hold.
 */
export async function readOrdered<T>(heads: (OrderedHeadReadModel | null)[], loader: OrderedLoader<T>, selection: OrderedSelection<T>): Promise<T[]> {
  const { order, from, to, limit, matches } = selection;
  const inRange = (key: string) => (from === undefined || key >= from) && (to === undefined || key <= to);
  const outside = (key: string, copied?: OrderedEntry<unknown>[]) => !copied || copied.length === 0 || key < copied[0][0] || key > copied.at(-1)![0];
  /** Whether `a` comes before `b` in reading order. */
  const before = (a: string, b: string) => (order === 'asc' ? a < b : a > b);
  const first = (item: Unread) => (order === 'asc' ? item.min : item.max);
  const last = (item: Unread) => (order === 'asc' ? item.max : item.min);
  const inOrder = (entries: OrderedEntry<T>[], copied?: OrderedEntry<unknown>[]) => {
    const kept = entries.filter(([key]) => inRange(key) && outside(key, copied));
    return order === 'asc' ? kept : kept.reverse();
  };
  const unreadOf = (part: string, page: string | null, n: number, min: string, max: string, copied?: OrderedEntry<unknown>[]): Unread | null =>
    n === 0 || (from !== undefined && max < from) || (to !== undefined && min > to) ? null : { part, page, n, min, max, partial: !inRange(min) || !inRange(max), copied };
  /** Reads what a directory lists besides the head's copy. */
  const expand = async (item: Unread): Promise<Unread[]> =>
    (await loader.directory(item.part)).flatMap((ref) => {
      const [n, min, max] = besides(ref, item.copied ?? []);
      return unreadOf(item.part, ref.page, n, min, max, item.copied) ?? [];
    });
  const load = (item: Unread) => loader.page(item.part, item.page!).then((entries) => inOrder(entries, item.copied));

  const read: OrderedEntry<T>[][] = [];
  let unread: Unread[] = [];
  for (const head of heads) {
    if (!head) continue;
    if (head.e !== undefined) read.push(inOrder(unpackEntries<T>(head.e)));
    const copy = unpackEntries<T>(head.t);
    read.push(inOrder(copy));
    const rest = head.o && unreadOf(head._id, null, head.o[2], head.o[0], head.o[1], copy);
    if (rest) unread.push(rest);
  }

  let skip = selection.skip;
  const wanted = () => skip + limit;
  if (!matches) {
    // What can hold one of the first `wanted` entries: read the directories there, then the pages, side by side.
    for (;;) {
      if (skip > 0) [unread, skip] = passOver(unread, read, skip, { before, first, last });
      const cut = cutOf(unread, read, wanted(), { before, last });
      const needed = (item: Unread) => cut === undefined || !before(cut, first(item));
      const directories = unread.filter((item) => item.page === null && needed(item));
      if (directories.length === 0) {
        const pages = unread.filter(needed);
        read.push(...(await Promise.all(pages.map(load))));
        unread = unread.filter((item) => !pages.includes(item));
        break;
      }
      const expanded = await Promise.all(directories.map(expand));
      unread = [...unread.filter((item) => !directories.includes(item)), ...expanded.flat()];
    }
  }

  const heap = new Heap<Source<T>>((a, b) => before(a.key, b.key) || (a.key === b.key && 'unread' in a && !('unread' in b)));
  for (const entries of read) if (entries.length > 0) heap.push({ key: entries[0][0], entries, at: 0 });
  for (const item of unread) heap.push({ key: first(item), unread: item });
  const found: T[] = [];
  let previous: string | undefined;
  while (found.length < limit) {
    const source = heap.pop();
    if (!source) break;
    if ('unread' in source) {
      // Read with it what starts before it ends: the merge needs it next.
      const end = last(source.unread);
      const also = heap.drain((other) => 'unread' in other && !before(end, other.key)) as { unread: Unread }[];
      const items = [source.unread, ...also.map((other) => other.unread)];
      const directories = items.filter((item) => item.page === null);
      const pages = items.filter((item) => item.page !== null);
      for (const item of (await Promise.all(directories.map(expand))).flat()) heap.push({ key: first(item), unread: item });
      for (const entries of await Promise.all(pages.map(load))) if (entries.length > 0) heap.push({ key: entries[0][0], entries, at: 0 });
      continue;
    }
    const [key, value] = source.entries[source.at];
    if (source.at + 1 < source.entries.length) heap.push({ key: source.entries[source.at + 1][0], entries: source.entries, at: source.at + 1 });
    // One entry in two parts (an actor named by id and by a username that is that id) is one entry.
    if (key === previous) continue;
    previous = key;
    if (matches && !matches(value)) continue;
    if (skip > 0) skip -= 1;
    else found.push(value);
  }
  return found;
}

/**
 * A page's entries besides its head's copy of the edge (a run of the part's first or last keys): how many, and bounds
 * of their keys (the copy's nearest key standing for the page's end it overlaps).
 */
function besides(ref: OrderedPageRef, copy: OrderedEntry<unknown>[]): [number, string, string] {
  if (copy.length === 0) return [ref.n, ref.min, ref.max];
  const [low, high] = [copy[0][0], copy.at(-1)![0]];
  if (ref.max < low || ref.min > high) return [ref.n, ref.min, ref.max];
  const n = ref.n - copy.filter(([key]) => key >= ref.min && key <= ref.max).length;
  return high >= ref.max ? [n, ref.min, low] : [n, high, ref.max];
}

interface Ordering {
  before: (a: string, b: string) => boolean;
  first: (item: Unread) => string;
  last: (item: Unread) => string;
}

const comparing = (before: Ordering['before']) => (a: string, b: string) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);

/**
 * The key by which surely `wanted` entries come (whole unread items by their last key, and entries read): nothing that
 * starts after it can be wanted. Undefined when there are not that many.
 */
function cutOf(unread: Unread[], read: OrderedEntry<unknown>[][], wanted: number, { before, last }: Pick<Ordering, 'before' | 'last'>): string | undefined {
  const sure = [...unread.filter((item) => !item.partial).map((item) => ({ key: last(item), n: item.n })), ...read.flat().map(([key]) => ({ key, n: 1 }))];
  const compare = comparing(before);
  sure.sort((a, b) => compare(a.key, b.key));
  let count = 0;
  return sure.find((item) => (count += item.n) >= wanted)?.key;
}

/**
 * Leaves out the unread items whose every entry is surely among the first `skip` (fewer entries, counted by what their
 * parts say, can come before their last one), so that a deep page costs no more than the first: the items left and
 * what is left to skip among them.
 */
function passOver(unread: Unread[], read: OrderedEntry<unknown>[][], skip: number, { before, first, last }: Ordering): [Unread[], number] {
  const compare = comparing(before);
  const byFirst = [...unread].sort((a, b) => compare(first(a), first(b)));
  const readKeys = read
    .flat()
    .map(([key]) => key)
    .sort(compare);
  const candidates = unread.filter((item) => !item.partial).sort((a, b) => compare(last(a), last(b)));
  const passed = new Set<Unread>();
  let passedCount = 0;
  let [items, sum, keys] = [0, 0, 0];
  for (const item of candidates) {
    const end = last(item);
    // Everything that can come before this item's last entry, or be it: an upper bound of that entry's rank.
    while (items < byFirst.length && compare(first(byFirst[items]), end) <= 0) sum += byFirst[items++].n;
    while (keys < readKeys.length && compare(readKeys[keys], end) <= 0) keys++;
    if (sum + keys > skip) break;
    passed.add(item);
    passedCount += item.n;
  }
  return [unread.filter((item) => !passed.has(item)), skip - passedCount];
}

/** A binary heap: `pop` gives the item no other comes `before`. */
class Heap<T> {
  private items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const end = items.pop();
    if (items.length > 0 && end !== undefined) {
      items[0] = end;
      for (let i = 0; ; ) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let next = i;
        if (left < items.length && this.before(items[left], items[next])) next = left;
        if (right < items.length && this.before(items[right], items[next])) next = right;
        if (next === i) break;
        [items[i], items[next]] = [items[next], items[i]];
        i = next;
      }
    }
    return top;
  }

  /** Takes out every item `take` accepts. */
  drain(take: (item: T) => boolean): T[] {
    const taken = this.items.filter(take);
    if (taken.length > 0) {
      const kept = this.items.filter((item) => !take(item));
      this.items = [];
      for (const item of kept) this.push(item);
    }
    return taken;
  }
}
