import { Injectable } from '@nestjs/common';
import type { AuditEntry, AuditEntryDocument } from '@shelf/contracts';
import { UsersReadStore } from '../../accounts';
import { type AuditFilter, AuditTrailReadStore } from '../infrastructure/audit-trail-read-store';

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (narrow the filters for more). */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The audit trail with each actor's current name (a system actor, such as the operators CLI, has none). */
@Injectable()
export class GetAuditTrailQuery {
  constructor(
    private readonly trail: AuditTrailReadStore,
    private readonly users: UsersReadStore,
  ) {}

  async page(filter: AuditFilter, page: number): Promise<{ entries: AuditEntry[]; has_more: boolean }> {
    const found = await this.trail.find(filter, (page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE + 1);
    return { entries: await this.named(found.slice(0, AUDIT_PAGE_SIZE)), has_more: found.length > AUDIT_PAGE_SIZE };
  }

  async export(filter: AuditFilter): Promise<AuditEntry[]> {
    return this.named(await this.trail.find(filter, 0, AUDIT_EXPORT_LIMIT));
  }

  private async named(docs: AuditEntryDocument[]): Promise<AuditEntry[]> {
    const names = await this.users.names(docs.map((doc) => doc.actor).filter((actor) => !actor.includes(':')));
    return docs.map((doc) => ({ ...doc, actor_name: names.get(doc.actor) ?? null }));
  }
}
