/** The blocks of chapter text read aloud one after another, each highlighted while it is read. */
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, pre, blockquote';

/** The readable blocks of the chapter text `text`, in reading order: those with text, innermost (a list item's paragraphs, not the item). */
export function readableBlocks(text: HTMLElement): HTMLElement[] {
  const all = [...text.querySelectorAll<HTMLElement>(BLOCKS)];
  return all.filter((block) => (block.textContent ?? '').trim() !== '' && !all.some((other) => other !== block && block.contains(other)));
}

/** The first of `blocks` not yet scrolled past (its bottom below the top of the screen): where listening starts. */
export function firstInView(blocks: HTMLElement[]): number {
  const index = blocks.findIndex((block) => block.getBoundingClientRect().bottom > 0);
  return index === -1 ? 0 : index;
}

/** Scrolls `block` to the middle of the screen unless it is already wholly on it. */
export function keepInView(block: HTMLElement): void {
  const { top, bottom } = block.getBoundingClientRect();
  if (top >= 0 && bottom <= window.innerHeight) return;
  // A hidden page (the phone's screen off) draws no frames, so a smooth scroll would not move until it shows again.
  const instant = document.visibilityState === 'hidden' || (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  block.scrollIntoView?.({ block: 'center', behavior: instant ? 'auto' : 'smooth' });
}
