import {
  AccountEventType,
  isSealed,
  PERSONAL_FIELDS,
  PERSONAL_KEYS_COLLECTION,
  type EventMetadata,
  type PersonalKeyDocument,
  type StoredEventDocument,
  UNOPENABLE_FIELDS_COLLECTION,
  type UnopenableFieldDocument,
} from '@shelf/contracts';
import { Binary, type Collection, type Db, MongoServerError } from 'mongodb';
import { randomBytes } from 'node:crypto';
import type { KeyEncryptionKey } from './key-encryption-key';
import { openField, sealField } from './sealed-fields';
import { LONG_SCAN } from './store-call-bounds';

/** What is known of an account's key is looked up again after this, so an erasure by another process shows within it. */
const KNOWN_FOR_MS = 30_000;
/** Owners one lookup query lists at most. */
const LOOKUP_IDS = 1000;
/** Accounts whose key is kept in memory at most; the oldest go first. */
const CACHED_KEYS = 50_000;

/** An account's key as this process knows it: `key` null when it has none (yet, or erased for good). */
type Known = { key: Buffer | null; erased: boolean; until: number };

const bytesOf = (stored: unknown): Buffer | null =>
  stored instanceof Binary ? Buffer.from(stored.buffer) : stored instanceof Uint8Array ? Buffer.from(stored) : null;

/**
 * A sealed field that does not open under its owner's live key: recorded (UNOPENABLE_FIELDS_COLLECTION) and thrown,
 * never read as erased, so a read of the log that meets it fails rather than carry on without it.
 */
export class UnopenableField extends Error {
  constructor(eventDocumentId: string, type: string, field: string) {
    super(`${field} of ${type} event ${eventDocumentId} does not open under its owner's key (recorded in ${UNOPENABLE_FIELDS_COLLECTION})`);
    this.name = 'UnopenableField';
  }
}

type Data = Record<string, unknown>;

/**
 * Crypto-shredding (docs/architecture.md, "Erasure"): each account's personal fields (PERSONAL_FIELDS) are sealed in
 * the log with a key of its own, bound to their owner, event type and field, and erasing the account erases the key.
 * Keys are kept in the `personal_keys` collection wrapped by the key-encryption key, which the store never holds; a
 * key stored before wrapping began is wrapped at its first use. The API seals as it appends; every reader of the log
 * (the API's streams, the workers' partitions, rebuilds) opens with `open`, which reads a field whose key is erased as
 * erased, never throws for a missing key, and throws UnopenableField for one that does not open under a live key.
 * Keys are cached (an erased account's mark for good, a live key for KNOWN_FOR_MS) and never logged.
 */
export class PersonalKeys {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly db: () => Db,
    private readonly kek: KeyEncryptionKey,
  ) {}

  private get keys(): Collection<PersonalKeyDocument> {
    return this.db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION);
  }

  /** The event's data with its personal fields sealed under their owner's key (made on first use). */
  async seal(type: string, data: unknown, metadata: EventMetadata): Promise<unknown> {
    const rule = PERSONAL_FIELDS[type];
    if (!rule || typeof data !== 'object' || data === null) return data;
    const owner = rule.owner(data as Data, metadata);
    const key = await this.keyOf(owner, { create: true });
    const sealed: Data = { ...(data as Data) };
    for (const [field, erased] of Object.entries(rule.fields)) {
      if (typeof sealed[field] !== 'string') continue;
      sealed[field] = key ? sealField(key, sealed[field], { owner, type, field }) : erased;
    }
    return sealed;
  }

  /**
   * A stored event with its personal fields readable: opened under their owner's key, or as erased when the owner is
   * erased (also a field stored before sealing began) or has no key at all. A field that does not open under a live
   * key throws UnopenableField.
   */
  async open(stored: StoredEventDocument): Promise<StoredEventDocument> {
    // The account's key was erased before this was appended; any copy of it this process holds goes now.
    if (stored.type === AccountEventType.UserErased) this.remember((stored.data as { userId: string }).userId, null, true);
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
      else if (isSealed(value)) data[field] = known.key ? await this.opened(known.key, value, stored, owner, field) : erasedValue;
    }
    return { ...stored, data };
  }

  /**
   * Looks up, in one query per LOOKUP_IDS, the keys of these events' owners that this process does not know now: a
   * batch of the log is then opened with no read per owner.
   */
  async prefetch(events: Iterable<StoredEventDocument>): Promise<void> {
    const owners = new Set<string>();
    const now = Date.now();
    for (const stored of events) {
      const rule = PERSONAL_FIELDS[stored.type];
      if (!rule || typeof stored.data !== 'object' || stored.data === null) continue;
      const owner = rule.owner(stored.data as Data, stored.metadata);
      if (!((this.known.get(owner)?.until ?? 0) > now)) owners.add(owner);
    }
    const ids = [...owners];
    for (let start = 0; start < ids.length; start += LOOKUP_IDS) {
      const chunk = ids.slice(start, start + LOOKUP_IDS);
      const stored = new Map((await this.keys.find({ _id: { $in: chunk } }).toArray()).map((doc) => [doc._id, doc]));
      for (const owner of chunk) await this.rememberStored(owner, stored.get(owner) ?? null);
    }
  }

  private async opened(key: Buffer, value: string, stored: StoredEventDocument, owner: string, field: string): Promise<string> {
    const text = openField(key, value, { owner, type: stored.type, field });
    if (text !== null) return text;
    const now = new Date();
    await this.db()
      .collection<UnopenableFieldDocument>(UNOPENABLE_FIELDS_COLLECTION)
      .updateOne(
        { _id: `${stored._id}/${field}` },
        { $set: { eventId: stored.eventId, type: stored.type, field, owner, lastAt: now }, $setOnInsert: { firstAt: now } },
        { upsert: true },
      )
      .catch(() => undefined); // the throw below says it all the same
    throw new UnopenableField(stored._id, stored.type, field);
  }

  /**
   * Erases the account's key for good: what was sealed under it can no longer be read, by anyone. The mark stays, so
   * no new key is made for the account and fields it had before sealing began read as erased too.
   */
  async erase(owner: string): Promise<void> {
    const erasedAt = new Date();
    await this.keys.replaceOne({ _id: owner }, { createdAt: erasedAt, erasedAt }, { upsert: true });
    this.remember(owner, null, true);
  }

  /**
   * Whether the account is erased; `fresh` asks the store rather than a key known for KNOWN_FOR_MS (for a caller that
   * cannot hear erasures announced by other processes just now). Rejects when the store does not answer.
   */
  async isErased(owner: string, { fresh = false } = {}): Promise<boolean> {
    const known = this.known.get(owner);
    if (fresh && !known?.erased) return (await this.lookUp(owner)).erased;
    return (await this.knownOf(owner)).erased;
  }

  /** Another process erased the account (it announced so): this process forgets its copy of the key at once. */
  erasedElsewhere(owner: string): void {
    this.remember(owner, null, true);
  }

  /** Forgets every live key this process knows (erasure announcements may have been missed): each is read again. */
  forgetLive(): void {
    for (const [owner, known] of this.known) if (!known.erased) this.known.delete(owner);
  }

  /** Reads every key at once (a rebuild reads the whole log, so it asks for nearly all of them). */
  async preload(): Promise<void> {
    for await (const doc of this.keys.find({}, LONG_SCAN)) await this.rememberStored(doc._id, doc);
  }

  private async keyOf(owner: string, { create }: { create: boolean }): Promise<Buffer | null> {
    const known = await this.knownOf(owner);
    if (known.key || known.erased || !create) return known.key;
    return (await this.make(owner)).key;
  }

  private async knownOf(owner: string): Promise<Known> {
    const known = this.known.get(owner);
    return known && known.until > Date.now() ? known : this.lookUp(owner);
  }

  private async lookUp(owner: string): Promise<Known> {
    return this.rememberStored(owner, await this.keys.findOne({ _id: owner }));
  }

  private async make(owner: string): Promise<Known> {
    const key = randomBytes(32);
    try {
      await this.keys.insertOne({ _id: owner, wrappedKey: this.kek.wrap(owner, key), createdAt: new Date() });
      return this.remember(owner, key, false);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      return this.lookUp(owner); // made at the same moment by another append
    }
  }

  /** What a stored document says, its key unwrapped; a key stored before wrapping began is wrapped now. */
  private async rememberStored(owner: string, doc: PersonalKeyDocument | null): Promise<Known> {
    const erased = doc?.erasedAt !== undefined && doc?.erasedAt !== null;
    if (erased || !doc) return this.remember(owner, null, erased);
    const wrapped = bytesOf(doc.wrappedKey);
    if (wrapped) return this.remember(owner, this.kek.unwrap(owner, wrapped), false);
    const key = bytesOf(doc.key);
    if (key) await this.keys.updateOne({ _id: owner, key: { $exists: true } }, { $set: { wrappedKey: this.kek.wrap(owner, key) }, $unset: { key: '' } });
    return this.remember(owner, key, false);
  }

  private remember(owner: string, key: Buffer | null, erased: boolean): Known {
    // An erased account stays erased for good.
    const known: Known = { key: erased ? null : key, erased, until: erased ? Number.POSITIVE_INFINITY : Date.now() + KNOWN_FOR_MS };
    this.known.delete(owner);
    if (this.known.size >= CACHED_KEYS) this.known.delete(this.known.keys().next().value!);
    this.known.set(owner, known);
    return known;
  }
}
