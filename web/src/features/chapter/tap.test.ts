import { describe, expect, it } from 'vitest';
import { isTap } from './tap';

const at = (x: number, y: number, time: number) => ({ x, y, time });

describe('isTap', () => {
  it('accepts a press that moved under 10 px and lasted at most 200 ms', () => {
    expect(isTap(at(100, 100, 0), at(100, 100, 50))).toBe(true);
    expect(isTap(at(100, 100, 0), at(109, 100, 200))).toBe(true);
    expect(isTap(at(100, 100, 0), at(106, 107, 120))).toBe(true); // 9.2 px diagonally
  });

  it('rejects a move of 10 px or more', () => {
    expect(isTap(at(100, 100, 0), at(110, 100, 50))).toBe(false);
    expect(isTap(at(100, 100, 0), at(100, 90, 50))).toBe(false);
    expect(isTap(at(100, 100, 0), at(108, 106, 50))).toBe(false); // exactly 10 px diagonally
  });

  it('rejects a press over 200 ms', () => {
    expect(isTap(at(100, 100, 0), at(100, 100, 201))).toBe(false);
  });
});
