// Cover art for books that have no picture: the title on a colour of its own.
import { createHash } from 'node:crypto';

const WIDTH = 300;
const HEIGHT = 425;
const LINE_CHARS = 16;
const MAX_LINES = 6;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** The cover's hue, from a hash of the book id, so that nearby ids get unrelated colours. */
export const coverHue = (bookId: number): number => createHash('sha256').update(String(bookId)).digest().readUInt16BE(0) % 360;

/** The title in lines of at most about 16 characters, words kept whole, at most six lines (the last one ends in …). */
export function wrapTitle(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > LINE_CHARS ? `${word.slice(0, LINE_CHARS - 1)}…` : word);
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `${lines[MAX_LINES - 1]}…`];
}

/** An SVG cover with the book's title and author. */
export function coverSvg(bookId: number, title: string, author: string): string {
  const hue = coverHue(bookId);
  const lines = wrapTitle(title);
  const lineHeight = 34;
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 - 20;
  const text = lines
    .map((line, index) => `<text x="150" y="${top + index * lineHeight}" font-size="28" font-weight="700">${escapeXml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 55% 32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 18%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    `<rect x="14" y="14" width="${WIDTH - 28}" height="${HEIGHT - 28}" fill="none" stroke="hsl(${hue} 70% 80%)" stroke-width="2"/>` +
    `<g fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" text-anchor="middle">${text}` +
    `<text x="150" y="${HEIGHT - 48}" font-size="18" font-style="italic">${escapeXml(author)}</text></g>` +
    `</svg>`
  );
}
