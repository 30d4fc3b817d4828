import { IdFilter } from './id-filter';

describe('IdFilter', () => {
  it('holds every id added and, as it grows, says "maybe" of about one other id in a thousand at most', () => {
    const filter = new IdFilter();
    const added = Array.from({ length: 100_000 }, (_, i) => `reader-${i}:p${i % 16}`);
    expect(added.some((id) => filter.mayHold(id))).toBe(false);
    for (const id of added) filter.add(id);
    expect(added.every((id) => filter.mayHold(id))).toBe(true);
    const others = Array.from({ length: 100_000 }, (_, i) => `other-${i}:p${i % 16}`);
    expect(others.filter((id) => filter.mayHold(id)).length).toBeLessThan(100);
  });
});
