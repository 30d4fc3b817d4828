import { outdatedShapes } from './shape-upgrade';
import type { Projector } from './projector';

const projector = (name: string, shape?: number) => ({ name, handles: [], owns: [`rm_${name}`], shape, apply: async () => undefined }) as Projector;
const names = (projectors: Projector[]) => projectors.map((p) => p.name);

describe('outdatedShapes', () => {
  const threads = projector('threads', 2);
  const likes = projector('likes');

  it('rebuilds nothing on a new site: what nobody projected yet is recorded as it is', () => {
    const { outdated, current } = outdatedShapes([threads, likes], new Map(), new Set());
    expect(names(outdated)).toEqual([]);
    expect(names(current)).toEqual(['threads', 'likes']);
  });

  it('rebuilds a projector past shape 1 that projected before shapes were recorded', () => {
    const { outdated, current } = outdatedShapes([threads, likes], new Map(), new Set(['threads', 'likes']));
    expect(names(outdated)).toEqual(['threads']);
    expect(names(current)).toEqual(['likes']);
  });

  it('rebuilds a projector whose recorded shape is older, and leaves a current one alone', () => {
    const { outdated, current } = outdatedShapes([threads, likes], new Map([['threads', 1], ['likes', 1]]), new Set());
    expect(names(outdated)).toEqual(['threads']);
    expect(names(current)).toEqual([]);
  });
});
