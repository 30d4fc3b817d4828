import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import type { ParagraphThreads } from '../../../shared/page/paragraph-threads';
import { PARAGRAPH_BUTTON_CLASS, paragraphButtonsIn } from './paragraph-button';

/** The paragraph whose thread is open: its key and its text as shown, which the thread quotes. */
export interface OpenParagraph {
  key: string;
  quote: string;
}

/** The button of paragraph `key` in the chapter page `page`: looked up each time, as a change of marks or forms draws the text anew. */
function buttonOf(page: RefObject<HTMLElement | null>, key: string): HTMLElement | null {
  const text = page.current?.querySelector<HTMLElement>('.chapter-text');
  return (text && paragraphButtonsIn(text).find((button) => button.dataset.paragraph === key)) ?? null;
}

/** The paragraph of `button`, which takes the focus: the dialog gives it back when it closes. */
function paragraphOf(button: HTMLElement): OpenParagraph {
  button.focus({ preventScroll: true });
  return { key: button.dataset.paragraph ?? '', quote: button.parentElement?.textContent?.trim() ?? '' };
}

/**
 * The paragraph threads of the chapter page in `page`: a tap, Enter or Space on a paragraph's button opens its
 * thread, and the chapter's thread may open one too (`threads`, for its marks). Closing gives the focus to the button.
 */
export function useParagraphThreads(page: RefObject<HTMLElement | null>) {
  const [opened, setOpened] = useState<OpenParagraph | null>(null);

  useEffect(() => {
    const root = page.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest?.(`.${PARAGRAPH_BUTTON_CLASS}`);
      if (!(button instanceof HTMLElement) || !root.contains(button)) return;
      // The button's own tap: not the chapter text's (which shows the reader controls on a phone).
      event.stopPropagation();
      setOpened(paragraphOf(button));
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [page]);

  const close = useCallback(() => {
    if (opened) buttonOf(page, opened.key)?.focus({ preventScroll: true });
    setOpened(null);
  }, [opened, page]);

  const threads = useMemo<ParagraphThreads>(
    () => ({
      shows: (key) => buttonOf(page, key) !== null,
      open: (key) => {
        const button = buttonOf(page, key);
        if (!button) return;
        button.scrollIntoView?.({ block: 'center' });
        setOpened(paragraphOf(button));
      },
    }),
    [page],
  );
  return { opened, close, threads };
}
