import { Injectable } from '@nestjs/common';
import {
  AUDIT_PAGE_ENTRIES,
  type AuditDimension,
  type AuditedEventType,
  type AuditEntryDocument,
  type AuditEntryTuple,
  auditKeyFrom,
  auditKeyTo,
  auditPartIds,
  fromAuditTuple,
  ModerationReadModelCollection,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, readOrdered, storedPages } from '@shelf/read-model-formats';
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

/** Parts of a dimension holding at most this many entries in all are read whatever else the filter names. */
const SMALL = 4 * AUDIT_PAGE_ENTRIES;

/**
 * The audit trail (see the workers' AuditTrailProjector), newest first, from its ordered pages: those of the filter's
 * target, actor or type (the one holding fewest entries), else of every entry, read by `_id` from `to` back to `from`;
 * what the filter names besides is checked as they are read.
 */
@Injectable()
export class AuditTrailReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async find(filter: AuditFilter, skip: number, limit: number): Promise<AuditEntryDocument[]> {
    const { heads, covers } = await this.parts(filter);
    const check = residual(filter, covers);
    const found = await readOrdered<AuditEntryTuple>(
      heads,
      storedPages(this.readModels.collection<OrderedDirectoryReadModel>(C.AuditHeads), this.readModels.collection<OrderedPageReadModel>(C.AuditPages)),
      {
        order: 'desc',
        from: filter.from && auditKeyFrom(filter.from),
        to: filter.to && auditKeyTo(filter.to),
        skip,
        limit,
        matches: check && ((tuple) => check(fromAuditTuple(tuple))),
      },
    );
    return found.map(fromAuditTuple);
  }

  /** The heads to read: of the target's parts if named, else the actor's or the type's (whichever is smaller), else all. */
  private async parts(filter: AuditFilter): Promise<{ heads: (OrderedHeadReadModel | null)[]; covers: AuditDimension }> {
    if (filter.targets) return { heads: await this.heads('target', filter.targets), covers: 'target' };
    if (filter.actors) {
      const actors = await this.heads('actor', filter.actors);
      if (!filter.types || total(actors) <= SMALL) return { heads: actors, covers: 'actor' };
      const types = await this.heads('type', filter.types);
      return total(types) < total(actors) ? { heads: types, covers: 'type' } : { heads: actors, covers: 'actor' };
    }
    if (filter.types) return { heads: await this.heads('type', filter.types), covers: 'type' };
    return { heads: await this.heads('all', [null]), covers: 'all' };
  }

  private heads(dimension: AuditDimension, values: (string | null)[]): Promise<(OrderedHeadReadModel | null)[]> {
    const heads = this.readModels.collection<OrderedHeadReadModel>(C.AuditHeads);
    return Promise.all([...new Set(values)].flatMap((value) => auditPartIds(dimension, value)).map((_id) => heads.findOne({ _id })));
  }
}

const total = (heads: (OrderedHeadReadModel | null)[]) => heads.reduce((sum, head) => sum + (head?.n ?? 0), 0);

/** What the parts read do not sort out by themselves (the time range they do). */
function residual({ actors, targets, types }: AuditFilter, covers: AuditDimension): ((entry: AuditEntryDocument) => boolean) | undefined {
  const checks = [
    covers !== 'actor' && actors && ((entry: AuditEntryDocument) => actors.includes(entry.actor)),
    covers !== 'target' && targets && ((entry: AuditEntryDocument) => targets.includes(entry.target)),
    covers !== 'type' && types && ((entry: AuditEntryDocument) => types.includes(entry.type as AuditedEventType)),
  ].filter((check): check is (entry: AuditEntryDocument) => boolean => Boolean(check));
  return checks.length === 0 ? undefined : (entry) => checks.every((check) => check(entry));
}
