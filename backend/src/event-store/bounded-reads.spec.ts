import { BoundedReads } from './bounded-reads';

describe('BoundedReads', () => {
  it('runs at most `limit` reads at once, the others in the order they came, each with its own outcome', async () => {
    const reads = new BoundedReads(2);
    const started: number[] = [];
    const finish = new Map<number, (value: number) => void>();
    const read = (n: number) =>
      reads.run(() => {
        started.push(n);
        return new Promise<number>((resolve, reject) => finish.set(n, (value) => (value < 0 ? reject(new Error(`read ${n} failed`)) : resolve(value))));
      });
    const results = [1, 2, 3, 4].map((n) => read(n));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    finish.get(2)!(-1);
    await expect(results[1]).rejects.toThrow('read 2 failed');
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)!(10);
    await expect(results[0]).resolves.toBe(10);
    expect(started).toEqual([1, 2, 3, 4]);
    finish.get(3)!(30);
    finish.get(4)!(40);
    await expect(Promise.all(results.slice(2))).resolves.toEqual([30, 40]);
    // All slots free again: the next two start at once.
    void read(5);
    void read(6);
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
