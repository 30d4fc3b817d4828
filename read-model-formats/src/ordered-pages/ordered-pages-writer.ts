import type { LogPlace } from '@shelf/contracts';
import {
  type OrderedDirectoryReadModel,
  orderedDirectoryId,
  type OrderedEntry,
  type OrderedHeadReadModel,
  orderedPageId,
  type OrderedPageReadModel,
  type OrderedPageRef,
  packDirectory,
  packEntries,
  unpackDirectory,
  unpackEntries,
} from './ordered-pages-format';
import { isDeepStrictEqual } from 'node:util';
import type { ReadModelStore } from '../read-model-store';

/** Put an entry (replacing the one with its key), or delete the entry with a key. */
export type OrderedOp<T> = { put: OrderedEntry<T> } | { del: string };

/** The event an apply is for: its log position (null: applied out of log order) and a name of it, unique in its partition. */
export interface OrderedStamp {
  seq: number | null;
  name: string;
}

/** An event's stamp: its position in the log, else (applied out of log order) its id. */
export const orderedStamp = (event: { id: string }, place: LogPlace | null): OrderedStamp => ({ seq: place?.seq ?? null, name: place ? String(place.seq) : event.id });

/** The heads and the directories (one collection, written after the pages), and the pages. */
export interface OrderedStores {
  heads: ReadModelStore<OrderedHeadReadModel>;
  directories: ReadModelStore<OrderedDirectoryReadModel>;
  pages: ReadModelStore<OrderedPageReadModel>;
}

/** Which entries a paged head keeps a copy of: the first or the last `size` (where its readers start). */
export interface OrderedEdge {
  side: 'first' | 'last';
  size: number;
}

/**
 * The writer of ordered pages (ordered-pages-format.ts): applies an event's puts and deletes to a
 * part, splitting a page that outgrows `capacity` and dropping one that empties. A part stays inline in its head until
 * it outgrows `capacity`.
 *
 * A batch stores the pages before the heads and directories (Projector.owns: data before marks), so a crash in
 * between leaves some pages ahead of their directory, and the retried batch must end in the very documents an
 * uninterrupted one writes (a rebuild's). So each page remembers the log position of the event that changed it last
 * (`s`), and an event is not applied again to a page that is at or past it; the directory is recomputed from every page
 * read, and a page names the page a split made after it (`next`), so a directory behind its pages finds the pages they
 * split into. A new page is named after the event that makes it (the same event names it alike) and is a new document,
 * which the write buffers insert before they replace changed ones: a page never names one that is not stored.
 */
export class OrderedPages<T> {
  constructor(
    private readonly capacity: number,
    private readonly edge: OrderedEdge,
  ) {}

  /** Applies one event's `ops` to `part`, reading and writing through `stores` (the batch's). */
  async apply(stores: OrderedStores, part: string, ops: OrderedOp<T>[], stamp: OrderedStamp): Promise<void> {
    const head = await stores.heads.findOne({ _id: part });
    if (!head || head.e !== undefined) return this.applyInline(stores, part, head, ops, stamp);
    const directory = await stores.directories.findOne({ _id: orderedDirectoryId(part) });
    const run = new PagedApply<T>(stores, part, head, directory, stamp, this.capacity, this.edge);
    for (const op of ops) await run.apply(op);
    await run.store();
  }

  private async applyInline(stores: OrderedStores, part: string, head: OrderedHeadReadModel | null, ops: OrderedOp<T>[], stamp: OrderedStamp): Promise<void> {
    if (head && applied(head.s ?? null, stamp.seq)) return;
    const entries = unpackEntries<T>(head?.e);
    const changed = ops.map((op) => change(entries, op)).filter((key): key is string => key !== null);
    if (changed.length === 0) return;
    if (entries.length <= this.capacity) {
      await stores.heads.replaceOne({ _id: part }, { n: entries.length, e: packEntries(entries), s: stamp.seq }, { upsert: true });
      return;
    }
    // Outgrown: two pages, split as a page splits.
    const [low, high] = splitAt(entries, changed.at(-1)!, true, this.capacity);
    const names = [`${stamp.name}.0`, `${stamp.name}.1`];
    await stores.pages.replaceOne({ _id: orderedPageId(part, names[0]) }, { s: stamp.seq, e: packEntries(low), next: names[1] }, { upsert: true });
    await stores.pages.replaceOne({ _id: orderedPageId(part, names[1]) }, { s: stamp.seq, e: packEntries(high), next: null }, { upsert: true });
    await stores.directories.replaceOne({ _id: orderedDirectoryId(part) }, { d: packDirectory([refOf(names[0], low, names[1]), refOf(names[1], high, null)]) }, { upsert: true });
    await stores.heads.replaceOne({ _id: part }, pagedHead(entries, this.edge), { upsert: true });
  }
}

interface LoadedPage<T> {
  name: string;
  s: number | null;
  next: string | null;
  entries: OrderedEntry<T>[];
  /** Whether this event is applied to it already (skipped), was applied now (dirty), or neither yet. */
  state: 'untouched' | 'skipped' | 'changed';
}

/** A paged head: its count, its copy of the edge, and the keys and count of the other entries. */
function pagedHead<T>(entries: OrderedEntry<T>[], edge: OrderedEdge): Omit<OrderedHeadReadModel, '_id'> {
  const copy = edgeOf(entries, edge);
  const rest = edge.side === 'first' ? entries.slice(copy.length) : entries.slice(0, entries.length - copy.length);
  return { n: entries.length, t: packEntries(copy), ...(rest.length > 0 ? { o: [rest[0][0], rest.at(-1)![0], rest.length] } : {}) };
}

/** One event's ops on one paged part. */
class PagedApply<T> {
  private readonly dir: OrderedPageRef[];
  private readonly loaded = new Map<string, LoadedPage<T>>();
  private made = 0;

  constructor(
    private readonly stores: OrderedStores,
    private readonly part: string,
    private readonly head: OrderedHeadReadModel,
    private readonly directory: OrderedDirectoryReadModel | null,
    private readonly stamp: OrderedStamp,
    private readonly capacity: number,
    private readonly edge: OrderedEdge,
  ) {
    this.dir = unpackDirectory(directory?.d);
  }

  async apply(op: OrderedOp<T>): Promise<void> {
    const key = 'put' in op ? op.put[0] : op.del;
    let page = await this.route(key);
    if (!page) {
      if ('del' in op) return;
      page = this.create([], null);
      this.dir.push(refOf(page.name, [], null));
    }
    if (page.state === 'skipped') return;
    if (page.state === 'untouched' && applied(page.s, this.stamp.seq)) {
      page.state = 'skipped';
      return;
    }
    if (change(page.entries, op) === null) return;
    page.state = 'changed';
    if (this.stamp.seq !== null) page.s = this.stamp.seq;
    this.settle(page, key);
  }

  /** Writes the pages changed or made, then the directory and the head if they changed. */
  async store(): Promise<void> {
    const { copy, rest } = await this.edgeEntries();
    for (const page of this.loaded.values()) {
      if (page.state !== 'changed') continue;
      await this.stores.pages.replaceOne({ _id: orderedPageId(this.part, page.name) }, { s: page.s, e: packEntries(page.entries), next: page.next }, { upsert: true });
    }
    const d = packDirectory(this.dir);
    if (d !== this.directory?.d) await this.stores.directories.replaceOne({ _id: orderedDirectoryId(this.part) }, { d }, { upsert: true });
    const head = { n: this.dir.reduce((sum, ref) => sum + ref.n, 0), t: packEntries(copy), ...(rest ? { o: rest } : {}) };
    const { _id, ...stored } = this.head;
    if (!isDeepStrictEqual(head, stored)) await this.stores.heads.replaceOne({ _id }, head, { upsert: true });
  }

  /** The page that holds the key, or would: the first whose highest key is not below it, else the last. */
  private async route(key: string): Promise<LoadedPage<T> | null> {
    // Each pass reads a page the directory had wrong; a directory can only be that wrong in so many ways.
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      if (this.dir.length === 0) return null;
      const at = this.dir.findIndex((ref) => key <= ref.max);
      const index = at < 0 ? this.dir.length - 1 : at;
      const page = await this.load(this.dir[index].page);
      if (!(await this.reconcile(index, page))) return page;
    }
    throw new Error(`ordered pages ${this.part}: no page settles for ${key}`);
  }

  /**
   * Brings the directory in line with a page read: its count and keys, the pages it split into that the directory does
   * not know yet (a directory behind its pages), or its removal once empty. True when a key range changed.
   */
  private async reconcile(index: number, page: LoadedPage<T>): Promise<boolean> {
    const ref = this.dir[index];
    if (page.entries.length === 0) {
      this.dir.splice(index, 1);
      return true;
    }
    const fresh = refOf(page.name, page.entries, page.next);
    const moved = fresh.min !== ref.min || fresh.max !== ref.max;
    this.dir[index] = fresh;
    if (page.next === ref.next) return moved;
    const found: OrderedPageRef[] = [];
    const known = new Set(this.dir.map((other) => other.page));
    for (let name = page.next; name !== null && name !== ref.next && !known.has(name); ) {
      known.add(name);
      const split = await this.load(name);
      if (split.entries.length > 0) found.push(refOf(split.name, split.entries, split.next));
      name = split.next;
    }
    this.dir.splice(index + 1, 0, ...found);
    return true;
  }

  /**
   * The part's entries at its edge (from the pages there, each brought in line with the directory as it is read), and
   * the lowest and highest keys and count of the others.
   */
  private async edgeEntries(): Promise<{ copy: OrderedEntry<T>[]; rest?: [string, string, number] }> {
    const first = this.edge.side === 'first';
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const pages: OrderedEntry<T>[][] = [];
      let [count, moved] = [0, false];
      for (let i = 0; i < this.dir.length && count <= this.edge.size && !moved; i++) {
        const index = first ? i : this.dir.length - 1 - i;
        const page = await this.load(this.dir[index].page);
        moved = await this.reconcile(index, page);
        pages.push(page.entries);
        count += page.entries.length;
      }
      if (moved) continue;
      // The edge pages in key order, holding the copy and, past it, the nearest of the rest (unless a page ends there).
      const near = (first ? pages : pages.reverse()).flat();
      const copy = edgeOf(near, this.edge);
      const total = this.dir.reduce((sum, ref) => sum + ref.n, 0);
      if (total === copy.length) return { copy };
      // More entries than the copy holds were read before the loop stopped, so the nearest of the rest is among them.
      const inner = first ? near[copy.length][0] : near.at(-copy.length - 1)![0];
      const rest: [string, string, number] = first ? [inner, this.dir.at(-1)!.max, total - copy.length] : [this.dir[0].min, inner, total - copy.length];
      return { copy, rest };
    }
    throw new Error(`ordered pages ${this.part}: no edge settles`);
  }

  /** After a change: an emptied page leaves the directory, an outgrown one splits. */
  private settle(page: LoadedPage<T>, key: string): void {
    const index = this.dir.findIndex((ref) => ref.page === page.name);
    if (page.entries.length === 0) {
      this.dir.splice(index, 1);
      return;
    }
    if (page.entries.length <= this.capacity) {
      this.dir[index] = refOf(page.name, page.entries, page.next);
      return;
    }
    const [low, high] = splitAt(page.entries, key, index === this.dir.length - 1, this.capacity);
    const made = this.create(high, page.next);
    page.entries = low;
    page.next = made.name;
    this.dir.splice(index, 1, refOf(page.name, low, made.name), refOf(made.name, high, made.next));
  }

  private create(entries: OrderedEntry<T>[], next: string | null): LoadedPage<T> {
    const page: LoadedPage<T> = { name: `${this.stamp.name}.${this.made++}`, s: this.stamp.seq, next, entries, state: 'changed' };
    this.loaded.set(page.name, page);
    return page;
  }

  private async load(name: string): Promise<LoadedPage<T>> {
    let page = this.loaded.get(name);
    if (!page) {
      const doc = await this.stores.pages.findOne({ _id: orderedPageId(this.part, name) });
      page = { name, s: doc?.s ?? null, next: doc?.next ?? null, entries: unpackEntries<T>(doc?.e), state: 'untouched' };
      this.loaded.set(name, page);
    }
    return page;
  }
}

const MAX_PASSES = 1_000;

/** Whether a document last changed by the event at `s` holds the event at `seq` already. */
const applied = (s: number | null, seq: number | null): boolean => seq !== null && s !== null && s >= seq;

/** The entry's index, or where it would go (bitwise not). */
function search<T>(entries: OrderedEntry<T>[], key: string): number {
  let [low, high] = [0, entries.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = entries[middle][0];
    if (at === key) return middle;
    if (at < key) low = middle + 1;
    else high = middle - 1;
  }
  return ~low;
}

/** Applies an op in place; the key it changed, or null when it changes nothing (applied before). */
function change<T>(entries: OrderedEntry<T>[], op: OrderedOp<T>): string | null {
  if ('del' in op) {
    const at = search(entries, op.del);
    if (at < 0) return null;
    entries.splice(at, 1);
    return op.del;
  }
  const at = search(entries, op.put[0]);
  if (at >= 0) {
    if (isDeepStrictEqual(entries[at][1], op.put[1])) return null;
    entries[at] = op.put;
  } else entries.splice(~at, 0, op.put);
  return op.put[0];
}

/**
 * Where an outgrown page splits: an entry added after every other of the last page starts a page of its own (a part
 * filled in key order keeps full pages), anything else splits it in halves.
 */
function splitAt<T>(entries: OrderedEntry<T>[], key: string, last: boolean, capacity: number): [OrderedEntry<T>[], OrderedEntry<T>[]] {
  const at = last && entries.at(-1)![0] === key ? capacity : Math.ceil(entries.length / 2);
  return [entries.slice(0, at), entries.slice(at)];
}

/** The first or last entries of entries in key order. */
const edgeOf = <T>(entries: OrderedEntry<T>[], { side, size }: OrderedEdge): OrderedEntry<T>[] => (side === 'first' ? entries.slice(0, size) : entries.slice(-size));

function refOf<T>(page: string, entries: OrderedEntry<T>[], next: string | null): OrderedPageRef {
  return { page, n: entries.length, min: entries[0]?.[0] ?? '', max: entries.at(-1)?.[0] ?? '', next };
}
