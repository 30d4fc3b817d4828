import { Injectable } from '@nestjs/common';
import { AUDITED_EVENT_TYPES, type AnyDomainEvent, type AuditedEventType, type AuditTrailReadModel, ModerationReadModelCollection } from '@shelf/contracts';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { auditRecord } from './audit-summary';

/**
 * The audit trail: one document per moderation or account-security event of the log, keyed by the event's id (so an
 * event applied again writes the same document), with the event's actor and time as the log has them.
 */
@Injectable()
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  readonly handles = Object.keys(AUDITED_EVENT_TYPES) as AuditedEventType[];
  readonly owns = [ModerationReadModelCollection.AuditTrail];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: Extract<AnyDomainEvent, { type: AuditedEventType }>): Promise<void> {
    const doc: Omit<AuditTrailReadModel, '_id'> = {
      type: event.type,
      actor: event.metadata.actor,
      occurred_at: new Date(event.occurredAt),
      ...auditRecord(event),
    };
    await this.readModels.collection<AuditTrailReadModel>(ModerationReadModelCollection.AuditTrail).replaceOne({ _id: event.id }, doc, { upsert: true });
  }
}
