export type ChapterStep = 'previous' | 'next';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'url', 'tel', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

// Controls where the arrow keys already mean something: they change the choice or the value.
const ARROW_INPUT_TYPES = new Set(['radio', 'range']);

/**
 * Whether the element takes typed text (the arrow keys move the caret) or is a control that itself answers the
 * arrow keys (select, radio, range), where turning the page would take the keys away from it.
 */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type) || ARROW_INPUT_TYPES.has(element.type);
  // isContentEditable is the browser's answer; the attribute check covers DOMs that lack it (jsdom).
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || element.closest('[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]') !== null)
  );
}

/**
 * Spec (chapter page): the left and right arrows go to the previous or next chapter, unless focus is in a text
 * field or Alt is held (Alt+arrows are the browser's back and forward). Inside an open dialog (chapter list,
 * settings) the keys stay with the dialog.
 */
export function chapterStepForKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'target'>): ChapterStep | null {
  if (event.altKey) return null;
  if (event.target instanceof Element && (isTextField(event.target) || event.target.closest('dialog') !== null)) return null;
  if (event.key === 'ArrowLeft') return 'previous';
  if (event.key === 'ArrowRight') return 'next';
  return null;
}
