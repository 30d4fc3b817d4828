/**
 * The kinds of refusal. The domain names the kind; the HTTP edge alone knows the status each answers with
 * (platform/http/domain-error.filter.ts).
 */
export type RefusalCode = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'too-many';

/**
 * A refusal: what was asked cannot be done, and the message tells the reader why, in the spec's words where it has
 * them. Deciders, handlers and queries throw it; nothing is stored when one is thrown.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}
