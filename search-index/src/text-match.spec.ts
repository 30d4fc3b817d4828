import fc from 'fast-check';
import { candidateRange, withinOneTypo, wordMatches } from './text-match';

describe('wordMatches', () => {
  it('forgives one typo in a word of 5 letters or more: a letter added, left out, replaced or two swapped', () => {
    expect(wordMatches('crimson', 'crimsom', false)).toBe(true);
    expect(wordMatches('crimson', 'crimsn', false)).toBe(true);
    expect(wordMatches('crimson', 'crimsoon', false)).toBe(true);
    expect(wordMatches('crimson', 'cirmson', false)).toBe(true);
    expect(wordMatches('crimson', 'crmsn', false)).toBe(false);
  });

  it('wants short words and first letters spelled exactly', () => {
    expect(wordMatches('jade', 'jode', false)).toBe(false);
    expect(wordMatches('crimson', 'trimson', false)).toBe(false);
  });

  it('lets the last word be the start of a title word, with one typo from 5 letters', () => {
    expect(wordMatches('pavilion', 'pav', true)).toBe(true);
    expect(wordMatches('pavilion', 'pavli', true)).toBe(true);
    expect(wordMatches('pavilion', 'pavl', true)).toBe(false);
    expect(wordMatches('pavilion', 'pav', false)).toBe(false);
  });

  it('finds a run of Chinese or Japanese characters inside a title', () => {
    expect(wordMatches('魔道祖师', '祖师', false)).toBe(true);
    expect(wordMatches('夏の夜空です', '夜空', true)).toBe(true);
    expect(wordMatches('魔道祖师', '天官', false)).toBe(false);
  });
});

describe('withinOneTypo', () => {
  it('measures edits, counting a swap of neighbours as one', () => {
    expect(withinOneTypo('abcde', 'abcde')).toBe(true);
    expect(withinOneTypo('abcde', 'abdce')).toBe(true);
    expect(withinOneTypo('abcde', 'abxde')).toBe(true);
    expect(withinOneTypo('abcde', 'abde')).toBe(true);
    expect(withinOneTypo('abcde', 'badce')).toBe(false);
    expect(withinOneTypo('abcde', 'abc')).toBe(false);
  });
});

describe('candidateRange', () => {
  // Letters close together so that typos, prefixes and shared first letters are common; a few CJK and odd characters.
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'é', '月', '翡', '\uffff'), minLength: 1, maxLength: 8 });

  it('holds every title word a query word matches, as a prefix or not', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.boolean(), (vocabulary, queryWord, asPrefix) => {
        const sorted = [...vocabulary].sort();
        const [from, to] = candidateRange(sorted, queryWord);
        const everyMatch = sorted.filter((docWord) => wordMatches(docWord, queryWord, asPrefix));
        expect(sorted.slice(from, to).filter((docWord) => wordMatches(docWord, queryWord, asPrefix))).toEqual(everyMatch);
      }),
      { numRuns: 2000 },
    );
  });

  it('narrows a query to the words starting as it does', () => {
    const sorted = ['apple', 'jade', 'jaded', 'jadeite', 'jam', 'moon', 'winter', 'winters', 'wintry'];
    expect(sorted.slice(...candidateRange(sorted, 'jade'))).toEqual(['jade', 'jaded', 'jadeite']);
    expect(sorted.slice(...candidateRange(sorted, 'wintr'))).toEqual(['winter', 'winters', 'wintry']);
    expect(sorted.slice(...candidateRange(sorted, '月'))).toEqual(sorted);
  });
});
