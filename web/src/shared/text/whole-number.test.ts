import { describe, expect, it } from 'vitest';
import { withThousands } from './whole-number';

describe('withThousands', () => {
  it('writes whole numbers as en-US does', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 123_456, 1_234_567, 100_000_000]) expect(withThousands(count)).toBe(count.toLocaleString('en-US'));
  });
});
