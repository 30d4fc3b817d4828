import { LONG_SCAN } from '@shelf/server-config';
import type { Collection } from 'mongodb';
import type { SearchBookDocument } from '../search-document';
import type { SearchEngine } from '../search-engine';
import type { SearchQuery, SearchResult } from '../search-query';
import type { ChangeFeed, IndexChange } from './change-feed';
import { InMemoryIndex } from './in-memory-index';

/** Stored with the book id as a string `_id`: the embedded store finds string ids by index. */
export type StoredSearchDocument = SearchBookDocument & { _id: string };

/**
 * The engine when MEILI_URL is unset. Documents are stored in the document store (so they survive restarts and
 * every process sees the same set) and searched in memory; writers announce changes on the change feed and every
 * process reloads just those documents.
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private index = new InMemoryIndex();
  private loaded?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /**
   * The books changed (here or announced by another process) while each reload under way reads: put again from the
   * store once that reload's index is swapped in, so a reload that read before a change never hides it.
   */
  private readonly changedDuringReloads = new Set<Set<number>>();
  /** Reloads numbered as they start; a reload swaps its index in only over an older one's (or replaceAll's). */
  private reloadsStarted = 0;
  private swappedReload = 0;

  constructor(
    private readonly collection: Collection<StoredSearchDocument>,
    private readonly feed: ChangeFeed,
  ) {}

  async start(): Promise<void> {
    this.feed.subscribe((change) => this.track(this.apply(change)));
    await this.ensureLoaded();
  }

  /** Stops following changes and waits for the reloads under way, so no store call outlives the engine. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.feed.close();
    await Promise.allSettled([this.loaded, ...this.inFlight]);
  }

  async isHealthy(): Promise<boolean> {
    return true;
  }

  async upsert(documents: SearchBookDocument[]): Promise<void> {
    for (const doc of documents) {
      await this.collection.replaceOne({ _id: String(doc.book_id) }, doc, { upsert: true });
      this.noteChanged([doc.book_id]);
      this.index.put(doc);
    }
    await this.feed.publish(documents.map((doc) => doc.book_id));
  }

  async replaceAll(documents: SearchBookDocument[]): Promise<void> {
    await this.collection.deleteMany({});
    if (documents.length > 0) await this.collection.insertMany(documents.map((doc) => ({ _id: String(doc.book_id), ...doc })));
    const index = new InMemoryIndex();
    documents.forEach((doc) => index.put(doc));
    this.index = index;
    // A reload that read before the replacement must not swap the old set back in.
    this.swappedReload = ++this.reloadsStarted;
    await this.feed.publish('all');
  }

  async search(query: SearchQuery): Promise<SearchResult<SearchBookDocument>> {
    await this.ensureLoaded();
    return this.index.search(query);
  }

  async sample(query: SearchQuery, count: number): Promise<SearchBookDocument[]> {
    await this.ensureLoaded();
    return this.index.sample(query, count);
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  /** Reloads the whole index; a reload that fails (the store away) is forgotten, so the next search tries again. */
  private load(): Promise<void> {
    const loading = this.reloadAll();
    loading.catch(() => {
      if (this.loaded === loading) this.loaded = undefined;
    });
    return loading;
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    work.catch(() => undefined).finally(() => this.inFlight.delete(work));
  }

  private async apply(change: IndexChange): Promise<void> {
    if (this.stopped) return;
    if (change === 'all') {
      this.loaded = this.load();
      return this.loaded;
    }
    this.noteChanged(change);
    await this.putFromStore(change);
  }

  private noteChanged(ids: number[]): void {
    for (const changed of this.changedDuringReloads) for (const id of ids) changed.add(id);
  }

  private async putFromStore(ids: Iterable<number>): Promise<void> {
    for (const id of ids) {
      const stored = await this.collection.findOne({ _id: String(id) });
      if (stored) this.index.put(withoutId(stored));
    }
  }

  /**
   * Builds a fresh index and swaps it in, so a search never sees a half-loaded one. The books that changed while it
   * read (written here or announced) are then put again from the store: the read may have seen them before the change.
   * Two reloads may overlap (a start, a reconnect, a replacement): one that started earlier and read less recently
   * never swaps its index in over a later one's.
   */
  private async reloadAll(): Promise<void> {
    const reload = ++this.reloadsStarted;
    const changed = new Set<number>();
    this.changedDuringReloads.add(changed);
    try {
      const index = new InMemoryIndex();
      // A large catalog loads in many batches, each within the deadline.
      for (const stored of await this.collection.find({}, LONG_SCAN).toArray()) index.put(withoutId(stored));
      if (reload > this.swappedReload) {
        this.index = index;
        this.swappedReload = reload;
      }
      // Changes that come while these are put again are put by their own apply, into this index.
      this.changedDuringReloads.delete(changed);
      await this.putFromStore(changed);
    } finally {
      this.changedDuringReloads.delete(changed);
    }
  }
}

function withoutId({ _id: _ignored, ...doc }: StoredSearchDocument): SearchBookDocument {
  return doc;
}
