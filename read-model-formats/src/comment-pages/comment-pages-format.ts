import type { CommentEntry, CommentPageReadModel } from '@shelf/contracts';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A comment page's format (CommentPageReadModel), with its writer's and its readers' operations: the workers'
 * comment-threads projector writes pages with these, the API reads them with these.
 *
 * A page's `packed` text is its comments' JSON, raw-deflated, as base64. Packed, a page is about a quarter of its JSON,
 * and the store's time to read it goes with its length.
 */
const deflate = (text: string) => deflateRawSync(text).toString('base64');
const inflate = (packed: string) => inflateRawSync(Buffer.from(packed, 'base64')).toString();

/**
 * Loose comments a page keeps before it packs them all again: one more comment, or a like, rewrites a few lines of
 * JSON, and one event in LOOSE_ITEMS pays for packing the page, whatever the size of the thread.
 */
export const LOOSE_ITEMS = 16;

export const emptyCommentPage = (_id: string): CommentPageReadModel => ({ _id, count: 0, packed: '', loose: '[]', applied: [] });

const unpacked = (page: CommentPageReadModel): CommentEntry[] => (page.packed ? (JSON.parse(inflate(page.packed)) as CommentEntry[]) : []);

const looseOf = (page: CommentPageReadModel): CommentEntry[] => JSON.parse(page.loose) as CommentEntry[];

/** Packed comments with the loose ones over them, in thread order. */
function merged(packed: CommentEntry[], loose: CommentEntry[]): CommentEntry[] {
  if (loose.length === 0) return packed;
  const byId = new Map(packed.map((entry) => [entry.comment_id, entry]));
  for (const entry of loose) byId.set(entry.comment_id, entry);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A page's comments in thread order. */
export const pageComments = (page: CommentPageReadModel): CommentEntry[] => merged(unpacked(page), looseOf(page));

/** One comment of a page, if it is there; the packed ones are unpacked only when it is not among the loose ones. */
export function pageComment(page: CommentPageReadModel, commentId: string): CommentEntry | undefined {
  const find = (entries: CommentEntry[]) => entries.find((entry) => entry.comment_id === commentId);
  return find(looseOf(page)) ?? find(unpacked(page));
}

/**
 * The page with `fields` set on every copy of a comment where it stands (packed, loose or both), moving nothing: what a
 * page built from events that had those fields from the start holds (an author's erasure, which a rebuild reads so).
 */
export function withCommentFields(page: CommentPageReadModel, commentId: string, fields: Partial<CommentEntry>): CommentPageReadModel {
  const set = (entries: CommentEntry[]) => entries.map((entry) => (entry.comment_id === commentId ? { ...entry, ...fields } : entry));
  const packed = page.packed && unpacked(page).some((entry) => entry.comment_id === commentId) ? deflate(JSON.stringify(set(unpacked(page)))) : page.packed;
  return { ...page, packed, loose: JSON.stringify(set(looseOf(page))) };
}

/** The page with `entry` put in: a new comment or a comment's new state, loose until LOOSE_ITEMS are, then all packed. */
export function withComment(page: CommentPageReadModel, entry: CommentEntry): CommentPageReadModel {
  const loose = [...looseOf(page).filter((other) => other.comment_id !== entry.comment_id), entry];
  if (loose.length <= LOOSE_ITEMS) return { ...page, loose: JSON.stringify(loose) };
  return { ...page, packed: deflate(JSON.stringify(merged(unpacked(page), loose))), loose: '[]' };
}
