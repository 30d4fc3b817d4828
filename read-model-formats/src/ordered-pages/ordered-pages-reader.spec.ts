import { type OrderedEntry, type OrderedHeadReadModel, type OrderedPageRef, packEntries } from './ordered-pages-format';
import { type OrderedSelection, readOrdered } from './ordered-pages-reader';
import { seededRandom } from '@test/support';

const random = seededRandom;

type Value = { key: string; tag: number };

/**
 * Parts holding `total` entries between them (some far more than others, unless `even`), inline when small, else in
 * pages of `least` to `pageSize` entries, their heads with a copy of a few first or last entries (the `last` of them
 * when given).
 */
function parts(seed: number, total: number, count: number, pageSize: number, { least = 1, even = false, last }: { least?: number; even?: boolean; last?: number } = {}) {
  const rand = random(seed);
  const byPart = Array.from({ length: count }, () => [] as OrderedEntry<Value>[]);
  for (let i = 0; i < total; i++) {
    const key = `k${String(Math.floor(rand() * 1_000_000)).padStart(7, '0')}.${i}`;
    byPart[Math.floor((even ? rand() : rand() * rand()) * count)].push([key, { key, tag: Math.floor(rand() * 5) }]);
  }
  const heads: (OrderedHeadReadModel | null)[] = [];
  const pages = new Map<string, OrderedEntry<Value>[]>();
  const directories = new Map<string, OrderedPageRef[]>();
  byPart.forEach((entries, i) => {
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    const part = `part-${i}`;
    if (entries.length === 0) return heads.push(null);
    if (entries.length <= pageSize && last === undefined && rand() < 0.5) return heads.push({ _id: part, n: entries.length, e: packEntries(entries), s: 1 });
    const refs: OrderedPageRef[] = [];
    for (let at = 0; at < entries.length; ) {
      const chunk = entries.slice(at, at + least + Math.floor(rand() * (pageSize - least + 1)));
      at += chunk.length;
      const page = `p${refs.length}`;
      pages.set(`${part}#${page}`, chunk);
      refs.push({ page, n: chunk.length, min: chunk[0][0], max: chunk.at(-1)![0], next: null });
    }
    directories.set(part, refs);
    // A copy of the first or last few entries, as the writer keeps one, and what the rest are.
    const size = last ?? 1 + Math.floor(rand() * 20);
    const atStart = last === undefined && rand() < 0.5;
    const copy = atStart ? entries.slice(0, size) : entries.slice(-size);
    const rest = atStart ? entries.slice(copy.length) : entries.slice(0, entries.length - copy.length);
    heads.push({ _id: part, n: entries.length, t: packEntries(copy), ...(rest.length > 0 ? { o: [rest[0][0], rest.at(-1)![0], rest.length] } : {}) });
  });
  const all = byPart.flat().map(([, value]) => value);
  return { heads, pages, directories, all };
}

async function read(built: ReturnType<typeof parts>, selection: OrderedSelection<Value>) {
  const loads: string[] = [];
  const found = await readOrdered<Value>(
    built.heads,
    {
      directory: async (part) => {
        loads.push(`${part}#dir`);
        return built.directories.get(part)!;
      },
      page: async (part, page) => {
        loads.push(`${part}#${page}`);
        return built.pages.get(`${part}#${page}`)!;
      },
    },
    selection,
  );
  return { found, loads };
}

/** What the selection should answer: every entry in range that matches, sorted, from skip to skip + limit. */
function naive(all: Value[], { order, from, to, skip, limit, matches }: OrderedSelection<Value>): Value[] {
  return all
    .filter((value) => (from === undefined || value.key >= from) && (to === undefined || value.key <= to) && (!matches || matches(value)))
    .sort((a, b) => (a.key < b.key ? -1 : 1) * (order === 'asc' ? 1 : -1))
    .slice(skip, skip + limit);
}

describe('reading ordered pages', () => {
  it('answers what sorting every entry would, in either order, in a range, filtered, at any depth', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = random(seed * 7);
      const built = parts(seed, Math.floor(rand() * 3_000), 1 + Math.floor(rand() * 16), 2 + Math.floor(rand() * 60));
      for (let i = 0; i < 10; i++) {
        const bound = () => `k${String(Math.floor(rand() * 1_000_000)).padStart(7, '0')}`;
        const [a, b] = [bound(), bound()].sort();
        const selection: OrderedSelection<Value> = {
          order: rand() < 0.5 ? 'asc' : 'desc',
          from: rand() < 0.3 ? a : undefined,
          to: rand() < 0.3 ? b : undefined,
          skip: Math.floor(rand() * rand() * built.all.length),
          limit: 1 + Math.floor(rand() * 60),
          matches: rand() < 0.3 ? (value) => value.tag === 0 : undefined,
        };
        expect({ seed, i, found: (await read(built, selection)).found }).toEqual({ seed, i, found: naive(built.all, selection) });
      }
    }
  });

  it('reads about a page of each part for a page of answers, however deep', async () => {
    // Pages at least half full, as splits leave them.
    const built = parts(3, 20_000, 16, 100, { least: 50 });
    for (const skip of [0, 1_000, 10_000, 19_900]) {
      for (const order of ['asc', 'desc'] as const) {
        const { found, loads } = await read(built, { order, skip, limit: 51 });
        expect(found).toEqual(naive(built.all, { order, skip, limit: 51 }));
        // A directory and a page or two of each part.
        expect(loads.length).toBeLessThanOrEqual(3 * 16 + 1);
        expect(new Set(loads).size).toBe(loads.length);
      }
    }
  });

  it('reads the heads alone for a first page their copies of the edge hold', async () => {
    const built = parts(5, 20_000, 16, 100, { least: 50, even: true, last: 16 });
    const { found, loads } = await read(built, { order: 'desc', skip: 0, limit: 51 });
    expect(found).toEqual(naive(built.all, { order: 'desc', skip: 0, limit: 51 }));
    expect(loads).toEqual([]);
  });
});
