import {
  AccountEventType,
  isSealed,
  PERSONAL_FIELDS,
  PERSONAL_KEYS_COLLECTION,
  type EventMetadata,
  type PersonalKeyDocument,
  SEALED_PREFIX,
  type StoredEventDocument,
} from '@shelf/contracts';
import { Binary, type Collection, type Db, MongoServerError } from 'mongodb';
import { LONG_SCAN } from './store-call-bounds';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is known of an account's key is looked up again after this, so an erasure by another process shows within it. */
const KNOWN_FOR_MS = 30_000;
/** Accounts whose key is kept in memory at most; the oldest go first. */
const CACHED_KEYS = 50_000;

/** An account's key as this process knows it: `key` null when it has none (yet, or erased for good). */
type Known = { key: Buffer | null; erased: boolean; until: number };

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(key: Buffer, value: string): string | null {
  const bytes = Buffer.from(value.slice(SEALED_PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

type Data = Record<string, unknown>;

/**
 * Crypto-shredding (docs/architecture.md, "Erasure"): each account's personal fields (PERSONAL_FIELDS) are sealed in
 * the log with a key of its own, kept in the `personal_keys` collection, and erasing the account erases the key. The
 * API seals as it appends; every reader of the log (the API's streams, the workers' partitions, rebuilds) opens with
 * `open`, which reads a field whose key is gone, or unreadable, as erased, and never throws for a missing key. Keys
 * are cached (an erased account's mark for good, a live key for KNOWN_FOR_MS) and never logged.
 */
export class PersonalKeys {
  private readonly known = new Map<string, Known>();

  constructor(private readonly db: () => Db) {}

  private get keys(): Collection<PersonalKeyDocument> {
    return this.db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION);
  }

  /** The event's data with its personal fields sealed under their owner's key (made on first use). */
  async seal(type: string, data: unknown, metadata: EventMetadata): Promise<unknown> {
    const rule = PERSONAL_FIELDS[type];
    if (!rule || typeof data !== 'object' || data === null) return data;
    const key = await this.keyOf(rule.owner(data as Data, metadata), { create: true });
    const sealed: Data = { ...(data as Data) };
    for (const [field, erased] of Object.entries(rule.fields)) {
      if (typeof sealed[field] !== 'string') continue;
      sealed[field] = key ? seal(key, sealed[field]) : erased;
    }
    return sealed;
  }

  /**
   * A stored event with its personal fields readable: opened under their owner's key, or as erased when the owner is
   * erased (also a field stored before sealing began) or the sealed text cannot be opened.
   */
  async open(stored: StoredEventDocument): Promise<StoredEventDocument> {
    // The account's key was erased before this was appended; any copy of it this process holds goes now.
    if (stored.type === AccountEventType.UserErased) this.rememberErased((stored.data as { userId: string }).userId, stored.occurredAt);
    const rule = PERSONAL_FIELDS[stored.type];
    if (!rule || typeof stored.data !== 'object' || stored.data === null) return stored;
    const data: Data = { ...(stored.data as Data) };
    const owner = rule.owner(data, stored.metadata);
    const sealed = Object.keys(rule.fields).some((field) => isSealed(data[field]));
    let known = await this.knownOf(owner);
    // A key made since this process last asked (the account had none then) is read afresh.
    if (sealed && !known.key && !known.erased) known = await this.lookUp(owner);
    for (const [field, erasedValue] of Object.entries(rule.fields)) {
      const value = data[field];
      if (known.erased) data[field] = typeof value === 'string' ? erasedValue : value;
      else if (isSealed(value)) data[field] = (known.key && open(known.key, value)) ?? erasedValue;
    }
    return { ...stored, data };
  }

  /**
   * Erases the account's key for good: what was sealed under it can no longer be read, by anyone. The mark stays, so
   * no new key is made for the account and fields it had before sealing began read as erased too.
   */
  async erase(owner: string): Promise<void> {
    const erasedAt = new Date();
    await this.keys.replaceOne({ _id: owner }, { createdAt: erasedAt, erasedAt }, { upsert: true });
    this.rememberErased(owner, erasedAt);
  }

  /** Whether the account is erased; `fresh` asks the store, past a live key's cache (for a step that must not race it). */
  async isErased(owner: string, { fresh = false } = {}): Promise<boolean> {
    return (fresh ? await this.lookUp(owner) : await this.knownOf(owner)).erased;
  }

  /** Reads every key at once (a rebuild reads the whole log, so it asks for nearly all of them). */
  async preload(): Promise<void> {
    for await (const doc of this.keys.find({}, LONG_SCAN)) this.remember(doc._id, doc);
  }

  private async keyOf(owner: string, { create }: { create: boolean }): Promise<Buffer | null> {
    const known = await this.knownOf(owner);
    if (known.key || known.erased || !create) return known.key;
    return this.remember(owner, await this.make(owner)).key;
  }

  private async knownOf(owner: string): Promise<Known> {
    const known = this.known.get(owner);
    return known && known.until > Date.now() ? known : this.lookUp(owner);
  }

  private async lookUp(owner: string): Promise<Known> {
    return this.remember(owner, await this.keys.findOne({ _id: owner }));
  }

  private async make(owner: string): Promise<PersonalKeyDocument | null> {
    const doc: PersonalKeyDocument = { _id: owner, key: randomBytes(32), createdAt: new Date() };
    try {
      await this.keys.insertOne(doc);
      return doc;
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      return this.keys.findOne({ _id: owner }); // made at the same moment by another append
    }
  }

  private rememberErased(owner: string, erasedAt: Date): Known {
    return this.remember(owner, { _id: owner, createdAt: erasedAt, erasedAt });
  }

  private remember(owner: string, doc: PersonalKeyDocument | null): Known {
    const stored: unknown = doc?.key;
    const key = stored instanceof Binary ? Buffer.from(stored.buffer) : stored instanceof Uint8Array ? Buffer.from(stored) : null;
    const erased = doc?.erasedAt !== undefined && doc?.erasedAt !== null;
    // An erased account stays erased for good.
    const known: Known = { key: erased ? null : key, erased, until: erased ? Number.POSITIVE_INFINITY : Date.now() + KNOWN_FOR_MS };
    this.known.delete(owner);
    if (this.known.size >= CACHED_KEYS) this.known.delete(this.known.keys().next().value!);
    this.known.set(owner, known);
    return known;
  }
}
