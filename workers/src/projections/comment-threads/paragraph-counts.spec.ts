import type { CommentEntry } from '@shelf/contracts';
import { isShown, paragraphStep, stepped } from './paragraph-counts';

const entry = (fields: Partial<CommentEntry>) => ({ paragraph: 'k1', deleted: false, removed: false, ...fields }) as CommentEntry;

describe('paragraph counts on a thread’s head', () => {
  it('counts a shown comment of a paragraph, and nothing for a comment on none', () => {
    expect(paragraphStep(entry({}), Number(isShown(entry({}))))).toEqual({ paragraph: 'k1', by: 1 });
    expect(paragraphStep(entry({ paragraph: undefined }), 1)).toBeNull();
    expect(paragraphStep(entry({}), 0)).toBeNull();
  });

  it('does not show a deleted or removed comment', () => {
    expect(isShown(entry({ deleted: true }))).toBe(false);
    expect(isShown(entry({ removed: true }))).toBe(false);
  });

  it('steps a paragraph’s count, leaving out one that reaches 0', () => {
    expect(stepped({}, { paragraph: 'k1', by: 1 })).toEqual({ k1: 1 });
    expect(stepped({ k1: 2, k2: 1 }, { paragraph: 'k1', by: -1 })).toEqual({ k1: 1, k2: 1 });
    expect(stepped({ k1: 1, k2: 1 }, { paragraph: 'k1', by: -1 })).toEqual({ k2: 1 });
  });
});
