/** Ads go into the chapter text after these cumulative word counts. */
export const CHAPTER_AD_WORD_COUNTS = [50, 200, 400, 600, 800] as const;

/**
 * Given the word count of each block of the chapter (paragraphs, in order), returns the indexes of the blocks after
 * which an ad goes: the block where the running total first reaches each threshold. A block that reaches several
 * thresholds at once gets one ad, so ads never stand side by side; no ad follows the last block.
 */
export function adPositions(blockWordCounts: readonly number[], thresholds: readonly number[] = CHAPTER_AD_WORD_COUNTS): number[] {
  const positions: number[] = [];
  let total = 0;
  let next = 0;
  for (let index = 0; index < blockWordCounts.length - 1 && next < thresholds.length; index++) {
    total += blockWordCounts[index];
    if (total < thresholds[next]) continue;
    positions.push(index);
    while (next < thresholds.length && total >= thresholds[next]) next++;
  }
  return positions;
}
