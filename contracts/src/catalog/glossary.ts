/** What a glossary entry names: a character, a title or form of address (shixiong, gege, -senpai), or another term. */
export const GLOSSARY_KINDS = ['character', 'title', 'term'] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

/**
 * One name or term of a book's glossary (a book's `glossary.json` in the import folder, docs/catalog-import.md). The
 * chapter text marks both the original and the rendering wherever they stand as whole words; a reader may choose,
 * per title, which of the two they read.
 */
export interface GlossaryEntry {
  /** As the original has it, romanized as the translation keeps it (shixiong, Lan Wangji); unique in its book. */
  original: string;
  /** The translation's rendering (senior brother); may be the original itself for a name. */
  rendering: string;
  kind: GlossaryKind;
  /** What a reader may want to know, in plain text; empty for none. */
  note: string;
  /** The first chapter from which the entry may be shown: a reader who has not reached it does not see it. */
  from_chapter: number;
}

export const GLOSSARY_LIMITS = { entries: 300, original: 60, rendering: 80, note: 600 } as const;

/** The forms of a title a reader may choose to read wherever it stands: its original (shixiong) or its rendering (senior brother). */
export const TITLE_FORMS = ['original', 'rendering'] as const;
export type TitleForm = (typeof TITLE_FORMS)[number];

/** How many titles a reader may choose a form for. */
export const CHOSEN_TITLES_LIMIT = 300;

/** A title as a reader's choice names it: its original in lower case, so that one choice holds in every book. */
export const titleKey = (original: string): string => original.trim().toLowerCase();

export type GlossaryCheck = { ok: true; value: GlossaryEntry[] } | { ok: false; errors: string[] };

const text = (value: unknown): value is string => typeof value === 'string';

/**
 * Checks a book's glossary as its file holds it (a list of entries), entry by entry: every problem is named with the
 * entry's place. The entries come back with only their known fields, in their order, the optional ones filled in, so
 * that an unchanged glossary compares equal whatever its file looked like.
 */
export function checkGlossary(raw: unknown): GlossaryCheck {
  if (!Array.isArray(raw)) return { ok: false, errors: ['the glossary must be a list of entries'] };
  if (raw.length > GLOSSARY_LIMITS.entries) return { ok: false, errors: [`the glossary has ${raw.length} entries; at most ${GLOSSARY_LIMITS.entries}`] };
  const errors: string[] = [];
  const seen = new Set<string>();
  const entries = raw.map((item: unknown, i): GlossaryEntry | null => {
    const at = `entry ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return void errors.push(`${at} is not an object`), null;
    const input = item as Record<string, unknown>;
    const word = (key: 'original' | 'rendering') => {
      const value = input[key];
      if (!text(value) || value.trim() === '' || value.trim().length > GLOSSARY_LIMITS[key]) {
        errors.push(`${at}: ${key} must be text of 1 to ${GLOSSARY_LIMITS[key]} characters`);
        return '';
      }
      return value.trim();
    };
    const original = word('original');
    const rendering = word('rendering');
    const kind = input.kind as GlossaryKind;
    if (!GLOSSARY_KINDS.includes(kind)) errors.push(`${at}: kind must be one of: ${GLOSSARY_KINDS.join(', ')}`);
    const note = input.note ?? '';
    if (!text(note) || note.length > GLOSSARY_LIMITS.note) errors.push(`${at}: note must be text of at most ${GLOSSARY_LIMITS.note} characters`);
    const from = input.from_chapter ?? 1;
    if (!Number.isInteger(from) || (from as number) < 1) errors.push(`${at}: from_chapter must be a chapter number (1 or more)`);
    const key = original.toLowerCase();
    if (original && seen.has(key)) errors.push(`${at}: "${original}" is in the glossary twice`);
    seen.add(key);
    return { original, rendering, kind, note: text(note) ? note.trim() : '', from_chapter: from as number };
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: entries as GlossaryEntry[] };
}

/** The entries a reader who has reached `chapter` may see (null: they have read nothing yet, so from chapter 1 only). */
export const glossaryShownAt = (entries: readonly GlossaryEntry[], chapter: number | null): GlossaryEntry[] =>
  entries.filter((entry) => entry.from_chapter <= Math.max(chapter ?? 1, 1));
