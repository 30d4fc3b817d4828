import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries!.retry as (failures: number, error: Error) => boolean;

describe('createQueryClient', () => {
  it('does not ask again for what the API refused (a missing story answers 404 every time)', () => {
    expect(retry(0, new ApiError(404, 'There is no book 999.'))).toBe(false);
    expect(retry(0, new ApiError(429, 'Too many requests'))).toBe(false);
  });

  it('tries a network failure or a server failure again, three times at most', () => {
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(2, new ApiError(503, 'Service unavailable'))).toBe(true);
    expect(retry(3, new ApiError(503, 'Service unavailable'))).toBe(false);
  });
});
