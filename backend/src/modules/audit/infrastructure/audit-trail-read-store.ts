import { Injectable } from '@nestjs/common';
import {
  type AuditedEventType,
  type AuditEntryDocument,
  type AuditHeadReadModel,
  auditPageId,
  type AuditPageReadModel,
  ModerationReadModelCollection,
  PAGE_ITEMS,
  PARTITION_COUNT,
  partitionId,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

const C = ModerationReadModelCollection;

export interface AuditFilter {
  /** Any of these actors (a user id, or a system name). */
  actors?: string[];
  /** Any of these targets (a comment id or a user id). */
  targets?: string[];
  types?: AuditedEventType[];
  from?: Date;
  to?: Date;
}

/** One partition's audit log, read from its newest page back; `pending` holds a page's entries, newest last. */
interface Cursor {
  partition: number;
  count: number;
  page: number;
  pending: AuditEntryDocument[];
}

const newer = (a: AuditEntryDocument, b: AuditEntryDocument) => a.occurred_at > b.occurred_at || (a.occurred_at === b.occurred_at && a.event_id > b.event_id);

function matches(entry: AuditEntryDocument, { actors, targets, types, to }: AuditFilter): boolean {
  return (
    (!actors || actors.includes(entry.actor)) &&
    (!targets || targets.includes(entry.target)) &&
    (!types || types.includes(entry.type as AuditedEventType)) &&
    (!to || entry.occurred_at <= to.toISOString())
  );
}

/**
 * The audit trail (see the workers' AuditTrailProjector), newest first: the partitions' pages merged by time, read by
 * `_id` page by page, and filtered as they are read. A page of answers costs a page of the log per partition it draws
 * from; a filter that matches little reads further back, until `from` or the start of the log.
 */
@Injectable()
export class AuditTrailReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async find(filter: AuditFilter, skip: number, limit: number): Promise<AuditEntryDocument[]> {
    const heads = this.readModels.collection<AuditHeadReadModel>(C.AuditHeads);
    const counts = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, partition) => heads.findOne({ _id: partitionId(partition) })));
    const cursors: Cursor[] = counts.map((head, partition) => {
      const count = head?.count ?? 0;
      return { partition, count, page: Math.floor((count - 1) / PAGE_ITEMS), pending: [] };
    });
    await Promise.all(cursors.map((cursor) => this.load(cursor)));
    const from = filter.from?.toISOString();
    const found: AuditEntryDocument[] = [];
    let passed = 0;
    while (found.length < limit) {
      const next = cursors.reduce<Cursor | null>((best, cursor) => (cursor.pending.length && (!best || newer(cursor.pending.at(-1)!, best.pending.at(-1)!)) ? cursor : best), null);
      if (!next) break;
      const entry = next.pending.pop()!;
      // The newest entry left is older than `from`: so is every other.
      if (from && entry.occurred_at < from) break;
      if (next.pending.length === 0) await this.load(next);
      if (!matches(entry, filter) || passed++ < skip) continue;
      found.push(entry);
    }
    return found;
  }

  /** The cursor's next page back (only the entries its head counts). */
  private async load(cursor: Cursor): Promise<void> {
    if (cursor.page < 0) return;
    const page = await this.readModels.collection<AuditPageReadModel>(C.AuditPages).findOne({ _id: auditPageId(cursor.partition, cursor.page) });
    cursor.pending = (page?.entries ?? []).slice(0, cursor.count - cursor.page * PAGE_ITEMS);
    cursor.page -= 1;
  }
}
