import type { ChapterData } from '@shelf/contracts';
import { parse, stringify } from 'yaml';

/** The front matter of a chapter file; the chapter's book and number come from its folder and file name. */
export type ChapterFrontMatter = Pick<ChapterData, 'title' | 'uploaded_time' | 'footnote' | 'chapter_author_note' | 'chapter_tl_note'>;

const FENCE = '---';

/** A chapter file: YAML front matter between `---` lines, then the chapter's Markdown. */
export function formatChapterFile(front: ChapterFrontMatter, content: string): string {
  return `${FENCE}\n${stringify(front, { lineWidth: 0 })}${FENCE}\n${content.endsWith('\n') ? content : `${content}\n`}`;
}

export class ChapterFileError extends Error {}

/** Reads a chapter file; optional notes default to empty, a missing title or upload time is an error. */
export function parseChapterFile(text: string): { front: ChapterFrontMatter; content: string } {
  const normalised = text.replace(/\r\n/g, '\n');
  if (!normalised.startsWith(`${FENCE}\n`)) throw new ChapterFileError('the file does not start with a --- front matter line');
  const end = normalised.indexOf(`\n${FENCE}\n`, FENCE.length);
  if (end < 0) throw new ChapterFileError('the front matter has no closing --- line');
  const raw = (parse(normalised.slice(FENCE.length + 1, end + 1)) ?? {}) as Record<string, unknown>;
  const text_ = (key: string, required: boolean): string => {
    const value = raw[key];
    if (value === undefined || value === null || value === '') {
      if (required) throw new ChapterFileError(`the front matter has no ${key}`);
      return '';
    }
    if (value instanceof Date) return value.toISOString();
    return String(value);
  };
  const uploaded = text_('uploaded_time', true);
  if (Number.isNaN(Date.parse(uploaded))) throw new ChapterFileError(`uploaded_time "${uploaded}" is not a date`);
  return {
    front: {
      title: text_('title', true),
      uploaded_time: new Date(uploaded).toISOString(),
      footnote: text_('footnote', false),
      chapter_author_note: text_('chapter_author_note', false),
      chapter_tl_note: text_('chapter_tl_note', false),
    },
    content: normalised.slice(end + FENCE.length + 2).replace(/\n+$/, ''),
  };
}
