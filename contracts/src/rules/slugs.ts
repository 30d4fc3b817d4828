/**
 * The slug rules of the site's addresses. Only the book id (the text before the first dash) identifies a book; the
 * rest of a slug is for readers and search engines.
 */

/** Story slug: `{book_id}-{English name}`, lowercase, only letters, digits, spaces and hyphens, space/hyphen runs as one hyphen. */
export function storySlug(bookId: number, englishName: string): string {
  return `${bookId}-${englishName}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/[ -]+/g, '-');
}

/** Related-list links (Series, Related Story, Similar Theme): id and name joined with ' - ', then the story slug rules. */
export function relatedListSlug(bookId: number | string, name: string): string {
  return `${bookId} - ${name}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/[ -]+/g, '-');
}

/** Next-book link: the book id, a dash, and the name lowercased with every run of non-alphanumerics as one dash. */
export function nextBookSlug(bookId: number, englishName: string): string {
  return `${bookId}-${englishName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** Reply-card story links: the book id, a dash and the name, reduced to lowercase letters, digits and hyphens (spaces become hyphens). */
export function replyCardSlug(bookId: number, englishName: string): string {
  return `${bookId}-${englishName}`
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** The book id of a `{bookIDSlug}`: the text before the first dash, when it is a positive whole number; else null. */
export function bookIdOfSlug(slug: string): number | null {
  const id = slug.split('-', 1)[0];
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

export interface RelatedEntry {
  bookId: string;
  name: string;
}

/** A related list (`part_of_series`, `shared_universe`, `similar_theme`): `;`-separated `{book_id}-{name}`, split on the first hyphen. */
export function parseRelatedList(list: string): RelatedEntry[] {
  return list
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const dash = entry.indexOf('-');
      return dash < 0 ? { bookId: entry, name: '' } : { bookId: entry.slice(0, dash).trim(), name: entry.slice(dash + 1).trim() };
    });
}
