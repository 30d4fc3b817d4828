import { Injectable } from '@nestjs/common';
import { type AuditTrailReadModel, type AuditedEventType, ModerationReadModelCollection } from '@shelf/contracts';
import type { Filter } from 'mongodb';
import { ReadModels } from '../../../platform/read-models';

export interface AuditFilter {
  actor?: string;
  target?: string;
  type?: AuditedEventType;
  from?: Date;
  to?: Date;
}

/** The audit trail (see the workers' AuditTrailProjector): newest first, filtered in the store. */
@Injectable()
export class AuditTrailReadStore {
  constructor(private readonly readModels: ReadModels) {}

  find(filter: AuditFilter, skip: number, limit: number): Promise<AuditTrailReadModel[]> {
    return this.readModels
      .collection<AuditTrailReadModel>(ModerationReadModelCollection.AuditTrail)
      .find(toQuery(filter))
      .sort({ occurred_at: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .toArray();
  }
}

function toQuery({ actor, target, type, from, to }: AuditFilter): Filter<AuditTrailReadModel> {
  const query: Filter<AuditTrailReadModel> = {};
  if (actor) query.actor = actor;
  if (target) query.target = target;
  if (type) query.type = type;
  if (from || to) query.occurred_at = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  return query;
}
