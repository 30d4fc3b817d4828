/**
 * How a query word matches a title word, the same in both engines (Meilisearch's default rules, with two typos
 * turned off):
 * - a word of fewer than 5 letters must be spelled exactly; from 5 letters one typo is allowed (a letter added,
 *   left out, replaced, or two neighbours swapped), but never on the first letter (Meilisearch counts that as two);
 * - the last query word may also be the start of a title word (typed as the reader goes);
 * - a run of Chinese or Japanese characters matches where it occurs inside a title's run, as a segmenter would
 *   find it.
 */
export const MIN_WORD_SIZE_FOR_TYPO = 5;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function wordMatches(docWord: string, queryWord: string, asPrefix: boolean): boolean {
  if (CJK.test(queryWord)) return docWord.includes(queryWord);
  if (asPrefix ? docWord.startsWith(queryWord) : docWord === queryWord) return true;
  if ([...queryWord].length < MIN_WORD_SIZE_FOR_TYPO || docWord[0] !== queryWord[0]) return false;
  if (!asPrefix) return withinOneTypo(docWord, queryWord);
  // A prefix with one typo: some start of the title word, one letter shorter, as long or one longer, is within one typo.
  return [-1, 0, 1].some((delta) => withinOneTypo(docWord.slice(0, queryWord.length + delta), queryWord));
}

/** The first index of `sorted` (in code unit order) not below `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range of `sorted` (in code unit order) whose words start with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const last = prefix.charCodeAt(prefix.length - 1);
  const from = lowerBound(sorted, prefix);
  if (last === 0xffff) return [from, sorted.length];
  return [from, lowerBound(sorted, prefix.slice(0, -1) + String.fromCharCode(last + 1))];
}

/**
 * The range [from, to) of title words `sorted` (in code unit order) outside which none matches `queryWord`, by the
 * rules of wordMatches: a word matching a Chinese or Japanese query may be any; a query word too short for a typo
 * starts each word it matches; a longer one shares their first letter. Testing only these finds the same words.
 */
export function candidateRange(sorted: readonly string[], queryWord: string): [number, number] {
  if (queryWord === '' || CJK.test(queryWord)) return [0, sorted.length];
  return prefixRange(sorted, [...queryWord].length < MIN_WORD_SIZE_FOR_TYPO ? queryWord : queryWord[0]);
}

/** Damerau–Levenshtein distance of at most 1 (adjacent transposition counts as one typo). */
export function withinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
