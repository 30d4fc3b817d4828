import type { AnyDomainEvent } from '@shelf/contracts';
import { StreamCache } from './stream-cache';

const events = (streamId: string, count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => ({ id: `${streamId}-${from + i}`, streamId, version: from + i }) as unknown as AnyDomainEvent);
const versions = (kept: readonly AnyDomainEvent[]) => kept.map((event) => event.version);

describe('StreamCache', () => {
  it('keeps what was read, and an append only onto the very events it was decided on', () => {
    const cache = new StreamCache(100);
    cache.remember('a', events('a', 2));
    cache.appended('a', 2, events('a', 1, 3));
    expect(versions(cache.known('a'))).toEqual([1, 2, 3]);
    // Decided on fewer events than are kept (another writer's append was read meanwhile): not kept.
    cache.appended('a', 1, events('a', 1, 2));
    expect(versions(cache.known('a'))).toEqual([1, 2, 3]);
    // A new stream is kept from its first append; one not kept stays unknown.
    cache.appended('b', 0, events('b', 1));
    cache.appended('c', 4, events('c', 1, 5));
    expect([versions(cache.known('b')), versions(cache.known('c'))]).toEqual([[1], []]);
  });

  it('forgets the least recently used streams past its size, counted in events', () => {
    const cache = new StreamCache(5);
    cache.remember('a', events('a', 2));
    cache.remember('b', events('b', 2));
    cache.known('a');
    cache.remember('c', events('c', 2));
    expect([cache.known('a').length, cache.known('b').length, cache.known('c').length]).toEqual([2, 0, 2]);
    // A stream longer than the whole cache is not kept, and pushes nothing out.
    cache.remember('d', events('d', 6));
    expect([cache.known('a').length, cache.known('c').length, cache.known('d').length]).toEqual([2, 2, 0]);
  });
});
