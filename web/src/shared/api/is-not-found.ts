import { ApiError } from './api-error';

/** The API answered that what was asked for does not exist. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
