import type { CommentEntry, CommentPageReadModel } from './social-read-models';

/**
 * How a page's `packed` text is made from JSON and back: raw deflate as base64, which the server processes give from
 * node:zlib (the contracts stay free of Node). Packed, a page is about a quarter of its JSON, and the store's time to
 * read it goes with its length.
 */
export interface PageCompression {
  deflate(text: string): string;
  inflate(packed: string): string;
}

/**
 * Loose comments a page keeps before it packs them all again: one more comment, or a like, rewrites a few lines of
 * JSON, and one event in LOOSE_ITEMS pays for packing the page, whatever the size of the thread.
 */
export const LOOSE_ITEMS = 16;

export const emptyCommentPage = (_id: string): CommentPageReadModel => ({ _id, count: 0, packed: '', loose: '[]', applied: [] });

const unpacked = (page: CommentPageReadModel, compression: PageCompression): CommentEntry[] =>
  page.packed ? (JSON.parse(compression.inflate(page.packed)) as CommentEntry[]) : [];

const looseOf = (page: CommentPageReadModel): CommentEntry[] => JSON.parse(page.loose) as CommentEntry[];

/** Packed comments with the loose ones over them, in thread order. */
function merged(packed: CommentEntry[], loose: CommentEntry[]): CommentEntry[] {
  if (loose.length === 0) return packed;
  const byId = new Map(packed.map((entry) => [entry.comment_id, entry]));
  for (const entry of loose) byId.set(entry.comment_id, entry);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A page's comments in thread order. */
export const pageComments = (page: CommentPageReadModel, compression: PageCompression): CommentEntry[] => merged(unpacked(page, compression), looseOf(page));

/** One comment of a page, if it is there; the packed ones are unpacked only when it is not among the loose ones. */
export function pageComment(page: CommentPageReadModel, commentId: string, compression: PageCompression): CommentEntry | undefined {
  const find = (entries: CommentEntry[]) => entries.find((entry) => entry.comment_id === commentId);
  return find(looseOf(page)) ?? find(unpacked(page, compression));
}

/**
 * The page with `fields` set on every copy of a comment where it stands (packed, loose or both), moving nothing: what a
 * page built from events that had those fields from the start holds (an author's erasure, which a rebuild reads so).
 */
export function withCommentFields(page: CommentPageReadModel, commentId: string, fields: Partial<CommentEntry>, compression: PageCompression): CommentPageReadModel {
  const set = (entries: CommentEntry[]) => entries.map((entry) => (entry.comment_id === commentId ? { ...entry, ...fields } : entry));
  const packed = page.packed && unpacked(page, compression).some((entry) => entry.comment_id === commentId) ? compression.deflate(JSON.stringify(set(unpacked(page, compression)))) : page.packed;
  return { ...page, packed, loose: JSON.stringify(set(looseOf(page))) };
}

/** The page with `entry` put in: a new comment or a comment's new state, loose until LOOSE_ITEMS are, then all packed. */
export function withComment(page: CommentPageReadModel, entry: CommentEntry, compression: PageCompression): CommentPageReadModel {
  const loose = [...looseOf(page).filter((other) => other.comment_id !== entry.comment_id), entry];
  if (loose.length <= LOOSE_ITEMS) return { ...page, loose: JSON.stringify(loose) };
  return { ...page, packed: compression.deflate(JSON.stringify(merged(unpacked(page, compression), loose))), loose: '[]' };
}
