import { Injectable } from '@nestjs/common';
import {
  AccountEventType,
  AUDIT_HEAD_ENTRIES,
  AUDIT_PAGE_ENTRIES,
  AUDITED_EVENT_TYPES,
  type AnyDomainEvent,
  type AuditDimension,
  type AuditedEventType,
  type AuditEntryDocument,
  auditEntryKey,
  type AuditEntryTuple,
  auditPartId,
  ModerationReadModelCollection,
  partitionKey,
  partitionOf,
  toAuditTuple,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedEntry, type OrderedHeadReadModel, type OrderedPageReadModel, OrderedPages, orderedStamp, packEntries, unpackEntries } from '@shelf/read-model-formats';
import type { ProjectionContext, Projector } from '../../engine';
import { auditRecord } from './audit-summary';
import { erasableEntriesId, type ErasableEntriesDocument, erasedForm } from './erasable-entries';

const C = ModerationReadModelCollection;

/**
 * The audit trail: every moderation and account-security event of the log with its actor and time as the log has
 * them, put in the ordered pages of each dimension a filter names (every entry, its actor, its target, its type) in its
 * partition (whose consumer is their one writer), so that any filter reads a page of answers by `_id`. Putting an
 * entry again changes nothing. An entry whose line quotes an account's personal data (a suspension's reason) is noted
 * beside the account's heads; the account's erasure puts it again as a rebuild reads it then (docs/architecture.md,
 * "Erasure").
 */
@Injectable()
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  /** 3: entries quoting an account's personal data noted for its erasure (2: ordered pages per actor, target and type; 1: one trail per partition). */
  readonly shape = 3;
  readonly handles = Object.keys(AUDITED_EVENT_TYPES) as AuditedEventType[];
  readonly owns = [C.AuditPages, C.AuditHeads];
  private readonly trail = new OrderedPages<AuditEntryTuple>(
    AUDIT_PAGE_ENTRIES,
    // Readers start from the newest.
    { side: 'last', size: AUDIT_HEAD_ENTRIES },
  );

  async apply(event: Extract<AnyDomainEvent, { type: AuditedEventType }>, { place, models }: ProjectionContext): Promise<void> {
    const stores = {
      heads: models.collection<OrderedHeadReadModel>(C.AuditHeads),
      directories: models.collection<OrderedDirectoryReadModel>(C.AuditHeads),
      pages: models.collection<OrderedPageReadModel>(C.AuditPages),
    };
    const erasable = models.collection<ErasableEntriesDocument>(C.AuditHeads);
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    const key = auditEntryKey(event.occurredAt, event.version, event.id);
    const tuple = this.tupleOf(event);
    const puts: OrderedEntry<AuditEntryTuple>[] = [[key, tuple]];

    const form = erasedForm(event);
    if (form) {
      const erased: OrderedEntry<AuditEntryTuple> = [key, this.tupleOf(form.erased)];
      const id = erasableEntriesId(form.owner, partition);
      const noted = unpackEntries<AuditEntryTuple>((await erasable.findOne({ _id: id }))?.e);
      if (erased[1][6] !== tuple[6] && !noted.some(([noteKey]) => noteKey === key)) await erasable.replaceOne({ _id: id }, { e: packEntries([...noted, erased]) }, { upsert: true });
    }
    if (event.type === AccountEventType.UserErased) {
      // The account's entries that quoted it, as a rebuild reads them now, put with this event's own in one apply per
      // part, before it: a rebuild, which has them so already, changes the same pages last with this event's entry.
      const id = erasableEntriesId(event.data.userId, partition);
      const noted = unpackEntries<AuditEntryTuple>((await erasable.findOne({ _id: id }))?.e);
      puts.unshift(...noted);
      if (noted.length > 0) await erasable.replaceOne({ _id: id }, { e: packEntries([]) });
    }

    const parts = new Map<string, OrderedEntry<AuditEntryTuple>[]>();
    for (const entry of puts) {
      const [, type, actor, target] = entry[1];
      for (const [dimension, value] of [['all', null], ['actor', actor], ['target', target], ['type', type]] as [AuditDimension, string | null][]) {
        const part = auditPartId(dimension, value, partition);
        parts.set(part, [...(parts.get(part) ?? []), entry]);
      }
    }
    const stamp = orderedStamp(event, place);
    for (const [part, entries] of parts) await this.trail.apply(stores, part, entries.map((put) => ({ put })), stamp);
  }

  private tupleOf(event: Extract<AnyDomainEvent, { type: AuditedEventType }>): AuditEntryTuple {
    const entry: AuditEntryDocument = { event_id: event.id, type: event.type, actor: event.metadata.actor, occurred_at: event.occurredAt, ...auditRecord(event) };
    return toAuditTuple(entry);
  }
}
