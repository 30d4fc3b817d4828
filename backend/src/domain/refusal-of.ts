import { DomainError } from './domain-error';

/** The refusal a decision throws, as `{ code, message }`, or null when it decides: the deciders' specs compare these. */
export function refusalOf(decide: () => unknown): Pick<DomainError, 'code' | 'message'> | null {
  try {
    decide();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message };
  }
}
