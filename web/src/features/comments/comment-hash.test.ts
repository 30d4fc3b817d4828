import { describe, expect, it } from 'vitest';
import { commentIdOfHash } from './comment-hash';

describe('commentIdOfHash', () => {
  it('reads the comment id of the hash, percent-decoded', () => {
    expect(commentIdOfHash('#65f0c2a1b3')).toBe('65f0c2a1b3');
    expect(commentIdOfHash('#a%20b')).toBe('a b');
  });

  it('is null for an empty hash', () => {
    expect(commentIdOfHash('')).toBeNull();
    expect(commentIdOfHash('#')).toBeNull();
  });

  it.each(['#%', '#%E0%A4%A', '#abc%zz', '#%C0'])('is null for the malformed hash %s instead of throwing', (hash) => {
    expect(commentIdOfHash(hash)).toBeNull();
  });
});
