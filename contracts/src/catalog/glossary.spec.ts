import { checkGlossary, GLOSSARY_LIMITS, type GlossaryEntry, glossaryShownAt } from './glossary';

const entry = (over: Record<string, unknown> = {}) => ({ original: 'shixiong', rendering: 'senior brother', kind: 'title', ...over });

describe('a book glossary', () => {
  it('takes entries with their known fields, in their order, filling in the optional ones', () => {
    const checked = checkGlossary([entry({ original: '  shixiong ', extra: 'dropped' }), entry({ original: 'Lan Wangji', rendering: 'Lan Wangji', kind: 'character', note: 'Second Jade of Lan.', from_chapter: 3 })]);
    expect(checked).toEqual({
      ok: true,
      value: [
        { original: 'shixiong', rendering: 'senior brother', kind: 'title', note: '', from_chapter: 1 },
        { original: 'Lan Wangji', rendering: 'Lan Wangji', kind: 'character', note: 'Second Jade of Lan.', from_chapter: 3 },
      ],
    });
  });

  it('names every problem with its entry', () => {
    const checked = checkGlossary([
      entry({ original: '' }),
      entry({ rendering: 'x'.repeat(GLOSSARY_LIMITS.rendering + 1) }),
      entry({ original: 'Gusu Lan', kind: 'sect' }),
      entry({ original: 'gege', note: 7, from_chapter: 0 }),
      'not an entry',
      entry({ original: 'SHIXIONG' }),
    ]);
    expect(checked).toEqual({
      ok: false,
      errors: [
        'entry 1: original must be text of 1 to 60 characters',
        'entry 2: rendering must be text of 1 to 80 characters',
        'entry 3: kind must be one of: character, title, term',
        'entry 4: note must be text of at most 600 characters',
        'entry 4: from_chapter must be a chapter number (1 or more)',
        'entry 5 is not an object',
        'entry 6: "SHIXIONG" is in the glossary twice',
      ],
    });
    expect(checkGlossary({ entries: [] })).toEqual({ ok: false, errors: ['the glossary must be a list of entries'] });
    expect(checkGlossary(Array.from({ length: GLOSSARY_LIMITS.entries + 1 }, (_, i) => entry({ original: `term ${i}` })))).toEqual({ ok: false, errors: ['the glossary has 301 entries; at most 300'] });
  });

  it('shows a reader only the entries of the chapters they have reached', () => {
    const entries = [1, 5, 12].map((from_chapter) => ({ original: `t${from_chapter}`, rendering: 'r', kind: 'term', note: '', from_chapter }) as GlossaryEntry);
    expect(glossaryShownAt(entries, null).map((e) => e.from_chapter)).toEqual([1]);
    expect(glossaryShownAt(entries, 5).map((e) => e.from_chapter)).toEqual([1, 5]);
    expect(glossaryShownAt(entries, 40).map((e) => e.from_chapter)).toEqual([1, 5, 12]);
  });
});
