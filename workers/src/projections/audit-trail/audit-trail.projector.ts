import { Injectable } from '@nestjs/common';
import {
  AUDITED_EVENT_TYPES,
  type AnyDomainEvent,
  type AuditedEventType,
  type AuditEntryDocument,
  type AuditHeadReadModel,
  auditPageId,
  type AuditPageReadModel,
  ModerationReadModelCollection,
  PAGE_ITEMS,
  partitionId,
  partitionKey,
  partitionOf,
  rememberApplied,
} from '@shelf/contracts';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { auditRecord } from './audit-summary';

const C = ModerationReadModelCollection;

/**
 * The audit trail: every moderation and account-security event of the log with its actor and time as the log has
 * them, appended to its partition's pages (the partition's consumer is their one writer). The head remembers the
 * events it counted, so an event applied again adds nothing.
 */
@Injectable()
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  readonly handles = Object.keys(AUDITED_EVENT_TYPES) as AuditedEventType[];
  readonly owns = [C.AuditPages, C.AuditHeads];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: Extract<AnyDomainEvent, { type: AuditedEventType }>): Promise<void> {
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    const head = await this.heads.findOne({ _id: partitionId(partition) });
    const [count, applied] = [head?.count ?? 0, head?.applied ?? []];
    if (applied.includes(event.id)) return;
    const page = Math.floor(count / PAGE_ITEMS);
    const current = await this.pages.findOne({ _id: auditPageId(partition, page) });
    // Entries past the head's count were written before a crash, uncounted: the replay writes them again in order.
    const kept = (current?.entries ?? []).slice(0, count - page * PAGE_ITEMS);
    const entry: AuditEntryDocument = { event_id: event.id, type: event.type, actor: event.metadata.actor, occurred_at: event.occurredAt, ...auditRecord(event) };
    await this.pages.replaceOne({ _id: auditPageId(partition, page) }, { entries: [...kept, entry] }, { upsert: true });
    await this.heads.replaceOne({ _id: partitionId(partition) }, { count: count + 1, applied: rememberApplied(applied, event.id) }, { upsert: true });
  }

  private get heads() {
    return this.readModels.collection<AuditHeadReadModel>(C.AuditHeads);
  }

  private get pages() {
    return this.readModels.collection<AuditPageReadModel>(C.AuditPages);
  }
}
