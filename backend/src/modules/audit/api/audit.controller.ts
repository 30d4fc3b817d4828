import { Controller, Get, Header, Query } from '@nestjs/common';
import type { AuditResponse } from '@shelf/contracts';
import { AccountDirectory } from '../../accounts';
import { OperatorsOnly } from '../../operators';
import type { AuditFilter } from '../infrastructure/audit-trail-read-store';
import { GetAuditTrailQuery } from '../application/get-audit-trail.query';
import { toAuditCsv } from './audit-csv';
import { AuditQuery, toAuditFilter } from './audit-dtos';

/** The audit trail of moderation and account-security events, as pages or as a CSV file. */
@Controller('admin')
@OperatorsOnly()
export class AuditController {
  constructor(
    private readonly trail: GetAuditTrailQuery,
    private readonly directory: AccountDirectory,
  ) {}

  @Get('audit')
  async list(@Query() query: AuditQuery): Promise<AuditResponse> {
    return { ...(await this.trail.page(await this.filter(query), query.page)), page: query.page };
  }

  @Get('audit.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="audit-trail.csv"')
  async csv(@Query() query: AuditQuery): Promise<string> {
    return toAuditCsv(await this.trail.export(await this.filter(query)));
  }

  private filter(query: AuditQuery): Promise<AuditFilter> {
    return toAuditFilter(query, (username) => this.directory.idOfUsername(username));
  }
}
