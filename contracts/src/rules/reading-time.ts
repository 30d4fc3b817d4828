/** Reading speed, in words per minute, that reading times are worked out with. */
export const WORDS_PER_MINUTE = 266;

/** Reading time of a text: word count divided by 266 words per minute, rounded up to whole minutes. */
export function readingMinutes(wordCount: number): number {
  return Math.ceil(Math.max(0, wordCount) / WORDS_PER_MINUTE);
}

/** The reading time as a badge shows it: minutes under an hour ('45 min'), else hours and minutes ('2 hr 5 min'). */
export function formatReadingTime(wordCount: number): string {
  const minutes = readingMinutes(wordCount);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} hr ${minutes % 60} min`;
}
