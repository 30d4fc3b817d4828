import type { DigestFrequency, DigestKind } from '@shelf/contracts';

/** Sets how often the reader gets the digest of `kind`, at the morning of `timeZone`, sent to `email`. */
export class ChooseDigestCommand {
  constructor(
    readonly userId: string,
    readonly kind: DigestKind,
    readonly frequency: DigestFrequency,
    readonly timeZone: string,
    readonly email: string,
  ) {}
}

/** Turns off the digest a signed unsubscribe token names, without signing in. */
export class UnsubscribeDigestCommand {
  constructor(readonly token: string) {}
}
