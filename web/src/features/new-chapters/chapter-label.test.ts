import { describe, expect, it } from 'vitest';
import { chapterLabel } from './chapter-label';

describe('chapterLabel', () => {
  it('puts the chapter number before a title that lacks it', () => {
    expect(chapterLabel({ chapter_id: 12, title: 'The Gate' })).toBe('Chapter 12 – The Gate');
  });

  it('keeps a title that already names the chapter', () => {
    expect(chapterLabel({ chapter_id: 12, title: 'Chapter 12 - The Gate' })).toBe('Chapter 12 - The Gate');
    expect(chapterLabel({ chapter_id: 12, title: 'chapter 12: The Gate' })).toBe('chapter 12: The Gate');
  });

  it('names an untitled chapter by its number', () => {
    expect(chapterLabel({ chapter_id: 3, title: '  ' })).toBe('Chapter 3');
  });
});
