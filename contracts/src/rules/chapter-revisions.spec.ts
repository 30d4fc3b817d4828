import type { ChapterSummary } from '../read-models/catalog-read-models';
import { revisedChapters } from './chapter-revisions';

const chapter = (chapter_id: number, text_hash?: string): ChapterSummary => ({ chapter_id, title: `Chapter ${chapter_id}`, uploaded_time: '2026-11-01T00:00:00.000Z', word_count: 100, version: 1, text_hash });

describe('chapters revised since the reader read them', () => {
  const chapters = { c1: chapter(1, 'aaa'), c2: chapter(2, 'bbb'), c3: chapter(3, 'ccc'), c10: chapter(10, 'ddd') };

  it('lists the chapters whose text differs from the one the reader read, ascending', () => {
    expect(revisedChapters({ c10: 'old', c1: 'aaa', c3: 'old' }, chapters)).toEqual([3, 10]);
  });
  it('lists none when the reader read every chapter as it is now', () => {
    expect(revisedChapters({ c1: 'aaa', c2: 'bbb' }, chapters)).toEqual([]);
  });
  it('passes over chapters no longer listed and chapters listed without a text hash', () => {
    expect(revisedChapters({ c9: 'old', c4: 'old' }, { ...chapters, c4: chapter(4) })).toEqual([]);
  });
});
