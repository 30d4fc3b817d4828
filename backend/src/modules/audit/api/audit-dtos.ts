import { AUDITED_EVENT_TYPES, type AuditedEventType } from '@shelf/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageNumber } from '../../../platform/http/page-number.decorator';
import type { AuditFilter } from '../infrastructure/audit-trail-read-store';

const emptyIsAbsent = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** The audit trail's filters, all optional: who did it, to what, which kind of event, and between which times. */
export class AuditQuery {
  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsString({ message: 'actor must be a user id or a system name.' })
  @MaxLength(100, { message: 'actor must be a user id or a system name.' })
  actor?: string;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsString({ message: 'target must be a comment id or a user id.' })
  @MaxLength(100, { message: 'target must be a comment id or a user id.' })
  target?: string;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsIn(Object.keys(AUDITED_EVENT_TYPES), { message: 'type must be one of the audited event types.' })
  type?: AuditedEventType;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsISO8601({ strict: true }, { message: 'from must be a date or time (ISO 8601).' })
  from?: string;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsISO8601({ strict: true }, { message: 'to must be a date or time (ISO 8601).' })
  to?: string;

  @PageNumber('page')
  page = 1;
}

/** The filters as the read store takes them; a `to` date without a time takes in the whole day. */
export function toAuditFilter(query: AuditQuery): AuditFilter {
  const to = query.to && (/^\d{4}-\d{2}-\d{2}$/.test(query.to) ? new Date(`${query.to}T23:59:59.999Z`) : new Date(query.to));
  return { actor: query.actor, target: query.target, types: query.type && [query.type], from: query.from ? new Date(query.from) : undefined, to: to || undefined };
}
