import { ParagraphCommentText } from '@shelf/contracts';

/**
 * The class of a paragraph's comment button, at the end of each paragraph of the chapter text that has a key: its
 * `data-paragraph` is the key, its `data-count` the paragraph's comments when known (the style sheet shows it). The
 * button holds no text, so reading the paragraph (read aloud, copying) reads none of it.
 */
export const PARAGRAPH_BUTTON_CLASS = 'paragraph-comments';

/** Per paragraph key, its comments shown; undefined while not known (not fetched yet, or the fetch failed). */
export type ParagraphCounts = Readonly<Record<string, number>> | undefined;

/** The comments of paragraph `key`: 0 for one the counts do not name, undefined while they are not known. */
export const countOf = (counts: ParagraphCounts, key: string): number | undefined => (counts ? (counts[key] ?? 0) : undefined);

/** The name of a paragraph's button, which says its count. */
export function paragraphButtonLabel(count: number | undefined): string {
  if (count === undefined) return ParagraphCommentText.threadTitle;
  if (count === 0) return 'Comment on this paragraph';
  return `${count} ${count === 1 ? 'comment' : 'comments'} on this paragraph`;
}

/** The paragraph buttons of the chapter text `text`. */
export const paragraphButtonsIn = (text: HTMLElement): HTMLElement[] => [...text.querySelectorAll<HTMLElement>(`.${PARAGRAPH_BUTTON_CLASS}`)];

/**
 * Shows `counts` on the paragraph buttons of the drawn text `text` (their `data-count` and name), without drawing the
 * text again; only what differs is written.
 */
export function showParagraphCounts(text: HTMLElement, counts: ParagraphCounts): void {
  for (const button of paragraphButtonsIn(text)) {
    const count = countOf(counts, button.dataset.paragraph ?? '');
    if (count === undefined) button.removeAttribute('data-count');
    else if (button.dataset.count !== String(count)) button.dataset.count = String(count);
    const label = paragraphButtonLabel(count);
    if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
  }
}
