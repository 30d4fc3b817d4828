/** The regular face: the one most of the text and the `ch` unit of the text width use. */
export const DYSLEXIC_REGULAR_FACE = '400 1em OpenDyslexic';

/** How long a page that opens with the font chosen waits for it before showing the text in the fallback font. */
export const DYSLEXIC_FONT_WAIT_MS = 3_000;

/** A promise that React's `use` reads without suspending once it has settled (React's convention for settled thenables). */
type Settling = Promise<void> & { status?: 'fulfilled'; value?: void };

let settling: Settling | undefined;

/**
 * Fetches the dyslexia-friendly font's stylesheet (a chunk of its own, so no other page carries it) and its regular
 * face. Settles once the face has loaded, or after DYSLEXIC_FONT_WAIT_MS, or on a failure (the text then shows in the
 * fallback font, and the face swaps in if it comes later); never rejects. Every call answers the same promise, but for
 * one after a failure, which tries again.
 */
export function loadDyslexicFont(): Promise<void> {
  if (settling) return settling;
  const loaded = import('./dyslexic-font.css').then(() => ('fonts' in document ? document.fonts.load(DYSLEXIC_REGULAR_FACE) : undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DYSLEXIC_FONT_WAIT_MS);
  });
  const promise: Settling = Promise.race([loaded, waited])
    .catch(() => {
      // Let a later choice of the font try again.
      settling = undefined;
    })
    .then(() => {
      clearTimeout(timer);
      promise.status = 'fulfilled';
      promise.value = undefined;
    });
  settling = promise;
  return promise;
}
