import { type OrderedDirectoryReadModel, orderedDirectoryId, type OrderedHeadReadModel, orderedPageId, type OrderedPageReadModel, unpackDirectory, unpackEntries } from './ordered-pages-format';
import type { ById, ReadModelStore, ReadModelUpdate } from '../read-model-store';
import { type OrderedEdge, type OrderedOp, OrderedPages } from './ordered-pages-writer';
import { seededRandom } from '@test/support';

type Doc = ById & Record<string, unknown>;
type Collection = Map<string, Doc>;

/** The store as a crash leaves it: the committed documents of each collection. */
class Store {
  readonly heads: Collection = new Map();
  readonly pages: Collection = new Map();

  snapshot(): Record<string, Doc[]> {
    const sorted = (collection: Collection) => [...collection.values()].sort((a, b) => a._id.localeCompare(b._id));
    return { heads: sorted(this.heads), pages: sorted(this.pages) };
  }
}

/**
 * A batch's buffer as WriteBuffers keeps one: reads through a cache, and a flush that writes new documents before
 * changed ones and pages before heads (the projector's `owns`), one document per write, so that a crash can stop it
 * after any of them.
 */
class Batch {
  private readonly cache = { heads: new Map<string, { doc: Doc | null; stored: boolean; dirty: boolean }>(), pages: new Map<string, { doc: Doc | null; stored: boolean; dirty: boolean }>() };

  constructor(private readonly store: Store) {}

  stores() {
    const heads = this.collection('heads');
    return {
      heads: heads as unknown as ReadModelStore<OrderedHeadReadModel>,
      directories: heads as unknown as ReadModelStore<OrderedDirectoryReadModel>,
      pages: this.collection('pages') as unknown as ReadModelStore<OrderedPageReadModel>,
    };
  }

  /** Writes, and stops after `crashAfter` writes (resolves with whether it crashed). */
  flush(crashAfter = Infinity, shuffle: () => number = Math.random): boolean {
    const writes: [Collection, Doc][] = [];
    for (const name of ['pages', 'heads'] as const) {
      const dirty = [...this.cache[name].values()].filter((entry) => entry.dirty);
      const fresh = dirty.filter((entry) => !entry.stored);
      const changed = dirty.filter((entry) => entry.stored).sort(() => shuffle() - 0.5);
      for (const entry of [...fresh, ...changed]) writes.push([this.store[name], structuredClone(entry.doc!)]);
    }
    for (const [i, [collection, doc]] of writes.entries()) {
      if (i >= crashAfter) return true;
      collection.set(doc._id, doc);
    }
    return false;
  }

  private collection(name: 'heads' | 'pages') {
    const cache = this.cache[name];
    const load = (id: string) => {
      let entry = cache.get(id);
      if (!entry) {
        const doc = this.store[name].get(id) ?? null;
        entry = { doc: structuredClone(doc), stored: doc !== null, dirty: false };
        cache.set(id, entry);
      }
      return entry;
    };
    return {
      findOne: async ({ _id }: ById) => structuredClone(load(_id).doc),
      insertOne: async (doc: Doc) => Object.assign(load(doc._id), { doc: structuredClone(doc), dirty: true }),
      replaceOne: async ({ _id }: ById, doc: Omit<Doc, '_id'>) => Object.assign(load(_id), { doc: { _id, ...structuredClone(doc) }, dirty: true }),
      updateOne: async (_filter: ById, _update: ReadModelUpdate) => {
        throw new Error('not used');
      },
    };
  }
}

const random = seededRandom;

interface Event {
  seq: number;
  changes: [part: string, ops: OrderedOp<{ v: number }>[]][];
}

/** Events of puts (mostly new keys, in key order or not), moves (a delete and a put in one event) and deletes. */
function workload(seed: number, events: number, appendOnly: boolean): Event[] {
  const rand = random(seed);
  const parts = ['a:p00', 'b:p00', 'c:p00'];
  const live = new Map(parts.map((part) => [part, new Set<string>()]));
  let clock = 0;
  return Array.from({ length: events }, (_, i) => {
    const part = parts[Math.floor(rand() * parts.length)];
    const keys = live.get(part)!;
    const existing = [...keys];
    const roll = rand();
    const key = () => (appendOnly || rand() < 0.5 ? `k${String(++clock).padStart(6, '0')}` : `k${String(Math.floor(rand() * clock)).padStart(6, '0')}x${i}`);
    let ops: OrderedOp<{ v: number }>[];
    if (appendOnly || existing.length === 0 || roll < 0.5) {
      const added = key();
      keys.add(added);
      ops = [{ put: [added, { v: i }] }];
    } else if (roll < 0.75) {
      const from = existing[Math.floor(rand() * existing.length)];
      const to = key();
      keys.delete(from);
      keys.add(to);
      ops = [{ del: from }, { put: [to, { v: i }] }];
    } else if (roll < 0.85) {
      const changed = existing[Math.floor(rand() * existing.length)];
      ops = [{ put: [changed, { v: -i }] }];
    } else {
      const gone = existing[Math.floor(rand() * existing.length)];
      keys.delete(gone);
      ops = [{ del: gone }];
    }
    return { seq: i + 1, changes: [[part, ops]] };
  });
}

const LAST: OrderedEdge = { side: 'last', size: 3 };
const FIRST: OrderedEdge = { side: 'first', size: 6 };

async function applyAll(pages: OrderedPages<{ v: number }>, batch: Batch, events: Event[]): Promise<void> {
  for (const event of events) for (const [part, ops] of event.changes) await pages.apply(batch.stores(), part, ops, { seq: event.seq, name: String(event.seq) });
}

/** Projects the events in batches; a batch whose flush crashes is projected again from what the store holds. */
async function project(events: Event[], { seed, batchSize, crashes, edge = LAST }: { seed: number; batchSize: number; crashes: number; edge?: OrderedEdge }): Promise<Store> {
  const rand = random(seed);
  const store = new Store();
  for (let i = 0; i < events.length; ) {
    const size = 1 + Math.floor(rand() * batchSize);
    const events_ = events.slice(i, i + size);
    for (;;) {
      const batch = new Batch(store);
      await applyAll(new OrderedPages(4, edge), batch, events_);
      const crashAfter = rand() < crashes ? Math.floor(rand() * 12) : Infinity;
      if (!batch.flush(crashAfter, rand)) break;
    }
    i += size;
  }
  return store;
}

/** Each paged part's directory. */
const directories = (store: Store) =>
  [...store.heads.values()].flatMap((doc) => (doc._id.endsWith('#dir') ? [unpackDirectory((doc as unknown as OrderedDirectoryReadModel).d)] : []));

/** The entries of each part as its head and pages hold them, in order; checks what a paged head says of them. */
function contents(store: Store): Record<string, [string, unknown][]> {
  const result: Record<string, [string, unknown][]> = {};
  for (const head of store.heads.values() as Iterable<OrderedHeadReadModel & Doc>) {
    if (head._id.endsWith('#dir')) continue;
    const directory = store.heads.get(orderedDirectoryId(head._id)) as unknown as OrderedDirectoryReadModel | undefined;
    const entries =
      head.e !== undefined
        ? unpackEntries(head.e)
        : unpackDirectory(directory!.d).flatMap((ref) => unpackEntries((store.pages.get(orderedPageId(head._id, ref.page)) as unknown as OrderedPageReadModel).e));
    expect(entries.length).toBe(head.n);
    if (head.e === undefined) {
      // Its copy is one end of its entries, and the rest are what it says.
      const copy = unpackEntries(head.t);
      const atStart = copy.length > 0 && copy[0][0] === entries[0][0];
      expect(atStart ? entries.slice(0, copy.length) : entries.slice(entries.length - copy.length)).toEqual(copy);
      const rest = atStart ? entries.slice(copy.length) : entries.slice(0, entries.length - copy.length);
      expect(head.o ?? null).toEqual(rest.length > 0 ? [rest[0][0], rest.at(-1)![0], rest.length] : null);
    }
    result[head._id] = entries;
  }
  return result;
}

/** What the parts should hold: every op applied to a map, sorted by key. */
function expected(events: Event[]): Record<string, [string, unknown][]> {
  const parts = new Map<string, Map<string, unknown>>();
  for (const { changes } of events)
    for (const [part, ops] of changes) {
      const entries = parts.get(part) ?? new Map<string, unknown>();
      parts.set(part, entries);
      for (const op of ops) if ('del' in op) entries.delete(op.del);
      else entries.set(op.put[0], op.put[1]);
    }
  return Object.fromEntries([...parts].map(([part, entries]) => [part, [...entries].sort(([a], [b]) => (a < b ? -1 : 1))]));
}

describe('ordered pages', () => {
  it.each([
    ['in key order (the audit trail)', true],
    ['with moves and deletes anywhere (the moderation queue)', false],
  ])('hold every entry in key order, split and emptied, %s', async (_, appendOnly) => {
    const events = workload(7, 400, appendOnly);
    const store = await project(events, { seed: 1, batchSize: 1, crashes: 0 });
    expect(contents(store)).toEqual(expected(events));
    expect(Math.max(...directories(store).map((refs) => refs.length))).toBeGreaterThan(5);
  });

  it('keeps pages full when filled in key order', async () => {
    const events = workload(3, 200, true);
    const store = await project(events, { seed: 1, batchSize: 1, crashes: 0 });
    for (const refs of directories(store)) expect(refs.slice(0, -1).every((ref) => ref.n === 4)).toBe(true);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'ends in the very documents of a run without crashes, and of one batch (a rebuild), whatever write a crash stops after (seed %i)',
    async (seed) => {
      for (const appendOnly of [true, false]) {
        const events = workload(seed, 300, appendOnly);
        const edge = appendOnly ? LAST : FIRST;
        const reference = await project(events, { seed, batchSize: 8, crashes: 0, edge });
        expect(contents(reference)).toEqual(expected(events));
        const crashed = await project(events, { seed: seed + 100, batchSize: 12, crashes: 0.6, edge });
        expect(crashed.snapshot()).toEqual(reference.snapshot());
        const rebuilt = await project(events, { seed, batchSize: events.length, crashes: 0, edge });
        expect(rebuilt.snapshot()).toEqual(reference.snapshot());
      }
    },
  );

  it('changes nothing when an entry is put again later (an event placed twice in the log)', async () => {
    const events = workload(11, 60, true);
    const store = await project(events, { seed: 1, batchSize: 5, crashes: 0 });
    const before = store.snapshot();
    const batch = new Batch(store);
    await applyAll(new OrderedPages(4, LAST), batch, events.map((event) => ({ ...event, seq: event.seq + 1000 })));
    batch.flush();
    expect(store.snapshot()).toEqual(before);
  });
});
