import { type OrderedEntry, type OrderedHeadReadModel, type OrderedPageRef, unpackDirectory, unpackEntries } from '@shelf/contracts';

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

/** Reads a page of a part: its entries in key order. */
export type PageLoader<T> = (part: string, page: string) => Promise<OrderedEntry<T>[]>;

/**
 * A page not read yet, by what its part's directory says of it: its entries but those its head's copy of the edge
 * holds (read there), how many, and bounds of their keys.
 */
interface Unread {
  part: string;
  ref: OrderedPageRef;
  /** Reaches past `from` or `to`: how many of its entries count is unknown until read. */
  partial: boolean;
  /** The keys of its head's copy, left out when it is read. */
  copied?: [string, string];
}

/** What the merge takes from next: a page not read yet (by its first key), or the next entry of entries read. */
type Source<T> = { key: string; unread: Unread } | { key: string; entries: OrderedEntry<T>[]; at: number };

/**
 * Entries `skip` to `skip + limit` of parts of ordered pages (contracts/src/read-models/ordered-pages.ts) merged in key
 * order, read by `_id`: the heads (given), then only the pages that can hold them. Pages wholly before the first entry
 * wanted are passed over by their counts (none are without `matches`), and the pages that can reach the last one are
 * read at once, so a page of answers costs about a page of each part whatever the parts hold.
 */
export async function readOrdered<T>(heads: (OrderedHeadReadModel | null)[], loadPage: PageLoader<T>, selection: OrderedSelection<T>): Promise<T[]> {
  const { order, from, to, limit, matches } = selection;
  const inRange = (key: string) => (from === undefined || key >= from) && (to === undefined || key <= to);
  /** Whether `a` comes before `b` in reading order. */
  const before = (a: string, b: string) => (order === 'asc' ? a < b : a > b);
  const first = (ref: OrderedPageRef) => (order === 'asc' ? ref.min : ref.max);
  const last = (ref: OrderedPageRef) => (order === 'asc' ? ref.max : ref.min);
  const inOrder = (entries: OrderedEntry<T>[], copied?: [string, string]) => {
    const kept = entries.filter(([key]) => inRange(key) && !(copied && key >= copied[0] && key <= copied[1]));
    return order === 'asc' ? kept : kept.reverse();
  };
  const load = (page: Unread) => loadPage(page.part, page.ref.page).then((entries) => inOrder(entries, page.copied));

  const read: OrderedEntry<T>[][] = [];
  let unread: Unread[] = [];
  for (const head of heads) {
    if (!head) continue;
    if (head.d === undefined) read.push(inOrder(unpackEntries<T>(head.e)));
    // The head's copy of the first or last entries: read already, so not read again from the pages that hold them.
    const edge = unpackEntries<T>(head.t);
    const copied: [string, string] | undefined = edge.length > 0 ? [edge[0][0], edge.at(-1)![0]] : undefined;
    if (copied) read.push(inOrder(edge));
    for (const listed of unpackDirectory(head.d)) {
      const ref = copied ? outside(listed, edge, copied) : listed;
      if (ref.n === 0 || (from !== undefined && ref.max < from) || (to !== undefined && ref.min > to)) continue;
      unread.push({ part: head._id, ref, partial: !inRange(ref.min) || !inRange(ref.max), copied: ref === listed ? undefined : copied });
    }
  }

  let skip = selection.skip;
  if (!matches && skip > 0) [unread, skip] = passOver(unread, read, skip, { before, first, last });
  const wanted = skip + limit;

  // The pages that can hold one of the first `wanted` entries left: those starting before the point where whole pages
  // (and entries read) surely hold `wanted` entries. Without `matches` they are all read now, side by side.
  if (!matches) {
    const sure = [...unread.filter((page) => !page.partial).map((page) => ({ key: last(page.ref), n: page.ref.n })), ...read.flat().map(([key]) => ({ key, n: 1 }))];
    sure.sort((a, b) => (before(a.key, b.key) ? -1 : before(b.key, a.key) ? 1 : 0));
    let count = 0;
    const cut = sure.find((item) => (count += item.n) >= wanted)?.key;
    const now = cut === undefined ? unread : unread.filter((page) => !before(cut, first(page.ref)));
    read.push(...(await Promise.all(now.map(load))));
    unread = unread.filter((page) => !now.includes(page));
  }

  const heap = new Heap<Source<T>>((a, b) => before(a.key, b.key) || (a.key === b.key && 'unread' in a && !('unread' in b)));
  for (const entries of read) if (entries.length > 0) heap.push({ key: entries[0][0], entries, at: 0 });
  for (const page of unread) heap.push({ key: first(page.ref), unread: page });
  const found: T[] = [];
  let previous: string | undefined;
  while (found.length < limit) {
    const source = heap.pop();
    if (!source) break;
    if ('unread' in source) {
      // Read with it the pages that start before it ends: the merge needs them next.
      const end = last(source.unread.ref);
      const also = heap.drain((other) => 'unread' in other && !before(end, other.key)) as { unread: Unread }[];
      const pages = [source.unread, ...also.map((other) => other.unread)];
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
 * What a page holds besides its head's copy of the edge (the copy is a run of the part's first or last keys): how many,
 * and bounds of their keys (the copy's first or last key standing for the page's end it overlaps).
 */
function outside<T>(ref: OrderedPageRef, edge: OrderedEntry<T>[], [low, high]: [string, string]): OrderedPageRef {
  if (ref.max < low || ref.min > high) return ref;
  const n = ref.n - edge.filter(([key]) => key >= ref.min && key <= ref.max).length;
  return high >= ref.max ? { ...ref, n, max: low } : { ...ref, n, min: high };
}

/**
 * Leaves out the pages whose every entry is surely among the first `skip` (fewer entries, counted by the directory,
 * can come before their last one), so that a deep page costs no more than the first: the pages left and what is left
 * to skip among them.
 */
function passOver(
  unread: Unread[],
  read: OrderedEntry<unknown>[][],
  skip: number,
  { before, first, last }: { before: (a: string, b: string) => boolean; first: (ref: OrderedPageRef) => string; last: (ref: OrderedPageRef) => string },
): [Unread[], number] {
  const compare = (a: string, b: string) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
  const byFirst = [...unread].sort((a, b) => compare(first(a.ref), first(b.ref)));
  const readKeys = read
    .flat()
    .map(([key]) => key)
    .sort(compare);
  const candidates = unread.filter((page) => !page.partial).sort((a, b) => compare(last(a.ref), last(b.ref)));
  const passed = new Set<Unread>();
  let passedCount = 0;
  let [pages, sum, keys] = [0, 0, 0];
  for (const page of candidates) {
    const end = last(page.ref);
    // Everything that can come before this page's last entry, or be it: an upper bound of that entry's rank.
    while (pages < byFirst.length && compare(first(byFirst[pages].ref), end) <= 0) sum += byFirst[pages++].ref.n;
    while (keys < readKeys.length && compare(readKeys[keys], end) <= 0) keys++;
    if (sum + keys > skip) break;
    passed.add(page);
    passedCount += page.ref.n;
  }
  return [unread.filter((page) => !passed.has(page)), skip - passedCount];
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
