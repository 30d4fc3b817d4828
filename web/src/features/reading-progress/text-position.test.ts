import { describe, expect, it } from 'vitest';
import { placeOf, scrollTopFor } from './text-position';

describe('a place in a chapter', () => {
  it('is the share of the text that has come above the bottom of the window', () => {
    expect(placeOf({ top: 200, height: 4000 }, 800)).toBe(0.15);
    expect(placeOf({ top: -1800, height: 4000 }, 800)).toBe(0.65);
    expect(placeOf({ top: -5000, height: 4000 }, 800)).toBe(1);
    expect(placeOf({ top: 900, height: 4000 }, 800)).toBe(0);
  });

  it('brings a reader back to the same place in a window of another height', () => {
    const place = placeOf({ top: 300 - 2000, height: 6000 }, 700); // a phone scrolled 2,000 px down
    const desktopScroll = scrollTopFor(place, { offsetTop: 150, height: 3000 }, 1000);
    expect(placeOf({ top: 150 - desktopScroll, height: 3000 }, 1000)).toBeCloseTo(place, 3);
  });

  it('never scrolls above the page', () => {
    expect(scrollTopFor(0, { offsetTop: 100, height: 3000 }, 900)).toBe(0);
  });
});
