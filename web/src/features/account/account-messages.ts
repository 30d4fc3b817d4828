import { ApiError } from '../../shared/api/api-client';

/** The client's own messages for the account screens: failures, form checks and a missing token. */
export const AccountText = {
  requestFailed: 'An error occurred. Please try again.',
  invalidToken: 'Invalid token.',
  passwordsDiffer: 'New password and confirmed password are not the same, please check again.',
  sameUsername: 'The new username cannot be the same as the old username. Please choose a different username.',
  noToken: 'No token found. Please log in again.',
} as const;

/** What a failed account request shows: the server's message verbatim when it sent one, else the general one. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.fromServer ? error.message : AccountText.requestFailed;
