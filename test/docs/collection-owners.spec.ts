// docs/architecture.md, "Collections and their owners": every stored collection has one owning folder, and nothing
// outside it writes the collection. The writes are found in the code (collection-writes.ts); a read model's owner is
// also the projector that declares it in `owns`. A write whose collection is handed in from elsewhere is allowed only
// in the folders named below, which write what their callers own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionNames, collectionWrites, projectorOwns } from './collection-writes';

const root = join(__dirname, '..', '..');
const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

/** The table's rows: collection → owning folder. */
function ownersTable(): Map<string, string> {
  const from = architecture.indexOf('## Collections and their owners');
  if (from < 0) throw new Error('docs/architecture.md has no section "Collections and their owners"');
  const section = architecture.slice(from, architecture.indexOf('\n## ', from + 1));
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\| `([a-z_]+)` \| `([^`]+)` \|/gm)) {
    if (rows.has(match[1])) throw new Error(`${match[1]} has two rows`);
    rows.set(match[1], match[2]);
  }
  return rows;
}

/** Folders whose code writes a collection it is handed: each writes only for the owner that hands it. */
const HANDED_COLLECTIONS = [
  // The engine writes each projector's read models from its batches, and its own leases.
  'workers/src/engine/',
  // A projector's helpers write the handles their projector passes them, and so do the read-model formats' writers.
  'workers/src/projections/',
  'read-model-formats/src/',
  // A search engine writes the collection it was made with (search_books).
  'search-index/src/engines/',
  // The event log's indexes, made on the collections the event store names.
  'backend/src/event-store/',
  // The log migration copies the log into the collection it then switches to.
  'workers/src/log-migration/',
];

describe('docs/architecture.md, "Collections and their owners"', () => {
  const owners = ownersTable();
  const writes = collectionWrites(root);

  it('names every stored collection, and nothing that is not one', () => {
    const names = collectionNames(root);
    expect(names.filter((name) => !owners.has(name))).toEqual([]);
    expect([...owners.keys()].filter((name) => !names.includes(name))).toEqual([]);
  });

  it('finds writes in the code, so the scan sees what it checks', () => {
    expect(writes.filter((write) => write.collection !== null).length).toBeGreaterThan(50);
    expect(writes).toContainEqual(expect.objectContaining({ collection: 'mail_outbox', file: 'workers/src/mail/mail-outbox.ts' }));
  });

  it('has every write of a collection in its owner', () => {
    const outside = writes.flatMap(({ collection, file, line, method }) =>
      collection === null || file.startsWith(owners.get(collection) ?? '?')
        ? []
        : [`${file}:${line} ${method} ${collection} (owner: ${owners.get(collection) ?? 'none'})`],
    );
    expect(outside).toEqual([]);
  });

  it('has each read model owned by the projector in its owner folder', () => {
    const misplaced = projectorOwns(root)
      .filter(({ collection, file }) => !file.startsWith(owners.get(collection) ?? '?'))
      .map(({ collection, file }) => `${collection} declared in ${file} (owner: ${owners.get(collection) ?? 'none'})`);
    expect(misplaced).toEqual([]);
  });

  it('writes a handed collection only in the folders that write for their callers', () => {
    const unknown = writes.filter(({ collection, file }) => collection === null && !HANDED_COLLECTIONS.some((folder) => file.startsWith(folder)));
    expect(unknown.map(({ file, line, method }) => `${file}:${line} ${method}`)).toEqual([]);
  });
});
