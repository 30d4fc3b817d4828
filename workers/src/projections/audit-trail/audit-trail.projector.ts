import { Injectable } from '@nestjs/common';
import {
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
  type OrderedDirectoryReadModel,
  type OrderedHeadReadModel,
  type OrderedPageReadModel,
  partitionKey,
  partitionOf,
  toAuditTuple,
} from '@shelf/contracts';
import { OrderedPages, orderedStamp } from '../ordered-pages/ordered-pages';
import type { ProjectionContext, Projector } from '../../engine';
import { auditRecord } from './audit-summary';

const C = ModerationReadModelCollection;

/**
 * The audit trail: every moderation and account-security event of the log with its actor and time as the log has
 * them, put in the ordered pages of each dimension a filter names (every entry, its actor, its target, its type) in its
 * partition (whose consumer is their one writer), so that any filter reads a page of answers by `_id`. Putting an
 * entry again changes nothing.
 */
@Injectable()
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  /** 2: ordered pages per actor, target and type (1: one trail per partition). */
  readonly shape = 2;
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
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    const entry: AuditEntryDocument = { event_id: event.id, type: event.type, actor: event.metadata.actor, occurred_at: event.occurredAt, ...auditRecord(event) };
    const parts: [AuditDimension, string | null][] = [
      ['all', null],
      ['actor', entry.actor],
      ['target', entry.target],
      ['type', entry.type],
    ];
    const [key, tuple] = [auditEntryKey(entry.occurred_at, event.version, entry.event_id), toAuditTuple(entry)];
    for (const [dimension, value] of parts) await this.trail.apply(stores, auditPartId(dimension, value, partition), [{ put: [key, tuple] }], orderedStamp(event, place));
  }
}
