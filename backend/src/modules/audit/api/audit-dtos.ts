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
  @IsString({ message: 'actor must be a username, a user id or a system name.' })
  @MaxLength(100, { message: 'actor must be a username, a user id or a system name.' })
  actor?: string;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsString({ message: 'target must be a comment id, a username or a user id.' })
  @MaxLength(100, { message: 'target must be a comment id, a username or a user id.' })
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

/**
 * The filters as the read store takes them: an actor or target may be given by id or by username (`names` looks a
 * username up); a `to` date without a time takes in the whole day.
 */
export async function toAuditFilter(query: AuditQuery, names: (username: string) => Promise<string | null>): Promise<AuditFilter> {
  const either = async (value: string | undefined) => {
    if (!value) return undefined;
    const userId = await names(value);
    return userId ? [value, userId] : [value];
  };
  const to = query.to && (/^\d{4}-\d{2}-\d{2}$/.test(query.to) ? new Date(`${query.to}T23:59:59.999Z`) : new Date(query.to));
  return {
    actors: await either(query.actor),
    targets: await either(query.target),
    types: query.type && [query.type],
    from: query.from ? new Date(query.from) : undefined,
    to: to || undefined,
  };
}
