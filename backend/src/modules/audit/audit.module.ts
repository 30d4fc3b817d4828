import { Module } from '@nestjs/common';
import { OperatorsModule } from '../operators/operators.module';
import { AuditController } from './api/audit.controller';
import { GetAuditTrailQuery } from './application/get-audit-trail.query';
import { AuditTrailReadStore } from './infrastructure/audit-trail-read-store';

/** The operators' audit trail, read from the log's moderation and account-security events. */
@Module({
  imports: [OperatorsModule],
  controllers: [AuditController],
  providers: [GetAuditTrailQuery, AuditTrailReadStore],
})
export class AuditModule {}
