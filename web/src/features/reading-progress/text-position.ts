/**
 * A reader's place in a chapter as a number from 0 to 1: how much of the chapter's text has come above the bottom of
 * the window. `placeOf` and `scrollTopFor` are each other's inverse, so a place recorded on a phone is found again on
 * a desktop, whatever the two windows' heights.
 */
export function placeOf(text: { top: number; height: number }, windowHeight: number): number {
  if (text.height <= 0) return 0;
  const seen = (windowHeight - text.top) / text.height;
  return Math.round(Math.min(1, Math.max(0, seen)) * 1000) / 1000;
}

/** The window's scroll offset that brings the reader back to `place`, given the text's offset from the page's top. */
export function scrollTopFor(place: number, text: { offsetTop: number; height: number }, windowHeight: number): number {
  return Math.max(0, text.offsetTop + place * text.height - windowHeight);
}
