/** The Word Count selects of the search form, each bounded by the other. 'Any' leaves that end of the range open. */
export const MIN_WORD_COUNT_OPTIONS = ['Any', '5001', '10001', '20001', '50001'] as const;
export const MAX_WORD_COUNT_OPTIONS = ['Any', '10000', '20000', '50000'] as const;

/** Minimum options below the selected maximum ('Any' always stays). */
export function minWordCountOptions(selectedMax: string): string[] {
  return MIN_WORD_COUNT_OPTIONS.filter((option) => option === 'Any' || selectedMax === 'Any' || Number(option) < Number(selectedMax));
}

/** Maximum options above the selected minimum ('Any' always stays). */
export function maxWordCountOptions(selectedMin: string): string[] {
  return MAX_WORD_COUNT_OPTIONS.filter((option) => option === 'Any' || selectedMin === 'Any' || Number(option) > Number(selectedMin));
}
