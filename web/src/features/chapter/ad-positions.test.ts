import { describe, expect, it } from 'vitest';
import { countWords } from '@shelf/contracts';
import { adPositions, CHAPTER_AD_WORD_COUNTS } from './ad-positions';

describe('adPositions', () => {
  it('uses the spec thresholds 50, 200, 400, 600 and 800 words', () => {
    expect(CHAPTER_AD_WORD_COUNTS).toEqual([50, 200, 400, 600, 800]);
  });

  it('puts an ad after the paragraph where the running total reaches each threshold', () => {
    // Running totals: 30, 60, 150, 210, 400, 590, 620, 790, 810, 900.
    const blocks = [30, 30, 90, 60, 190, 190, 30, 170, 20, 90];
    expect(adPositions(blocks)).toEqual([1, 3, 4, 6, 8]);
  });

  it('counts a total equal to a threshold as reaching it', () => {
    expect(adPositions([50, 150, 200, 200, 200, 10])).toEqual([0, 1, 2, 3, 4]);
  });

  it('puts one ad after a paragraph that passes several thresholds at once', () => {
    expect(adPositions([10, 450, 10, 300, 10])).toEqual([1, 3]);
  });

  it('puts no ad after the last paragraph, nor in a short chapter', () => {
    expect(adPositions([20, 20])).toEqual([]);
    expect(adPositions([1000])).toEqual([]);
    expect(adPositions([])).toEqual([]);
    expect(adPositions([100, 100])).toEqual([0]);
  });
});

describe('ad positions by the shared countWords', () => {
  it('counts Chinese and Japanese paragraphs a character a word, as the server counts chapter words', () => {
    const paragraphs = ['He looked up.', '天'.repeat(60), 'ありがとう'];
    expect(paragraphs.map(countWords)).toEqual([3, 60, 5]);
    expect(adPositions(paragraphs.map(countWords))).toEqual([1]);
  });
});
