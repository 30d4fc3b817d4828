import { DIGEST_FREQUENCIES, DIGEST_KINDS, type DigestFrequency, type DigestKind } from '@shelf/contracts';
import { IsIn, IsString, IsTimeZone, MaxLength } from 'class-validator';

export class DigestChoiceInput {
  @IsIn(DIGEST_KINDS, { message: `kind must be one of ${DIGEST_KINDS.join(', ')}.` })
  kind!: DigestKind;

  @IsIn(DIGEST_FREQUENCIES, { message: `frequency must be one of ${DIGEST_FREQUENCIES.join(', ')}.` })
  frequency!: DigestFrequency;

  /** The reader's IANA time zone, as their browser's Intl names it. */
  @IsString({ message: 'time_zone must be a time zone name such as Europe/Berlin.' })
  @MaxLength(64, { message: 'time_zone must be a time zone name such as Europe/Berlin.' })
  @IsTimeZone({ message: 'time_zone must be a time zone name such as Europe/Berlin.' })
  time_zone!: string;
}

export class DigestUnsubscribeInput {
  @IsString({ message: 'The unsubscribe link has no token.' })
  @MaxLength(200, { message: 'The unsubscribe link is not valid.' })
  token!: string;
}
