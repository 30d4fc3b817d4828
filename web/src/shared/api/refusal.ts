import { ApiError } from './api-client';

/** A 403 or 429 refusal of a like is shown to the reader in a modal; other failures are only logged. */
export const isShownRefusal = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 403 || error.status === 429);
