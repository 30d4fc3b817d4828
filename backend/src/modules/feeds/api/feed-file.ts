import { FEED_FORMATS, type FeedFormat } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';

export const UNKNOWN_FORMAT = 'Feeds are .rss (RSS 2.0) or .atom (Atom 1.0).';
export const INVALID_BOOK_ID = 'Invalid book id.';

/** The name and format of a feed's file (`{name}.rss`, `{name}.atom`); another ending is no feed (404). */
export function feedFile(file: string): { name: string; format: FeedFormat } {
  const dot = file.lastIndexOf('.');
  const format = file.slice(dot + 1).toLowerCase();
  if (dot <= 0 || !(FEED_FORMATS as readonly string[]).includes(format)) throw new DomainError('not-found', UNKNOWN_FORMAT);
  return { name: file.slice(0, dot), format: format as FeedFormat };
}

/** The book id of a story feed's file name: a positive whole number. */
export function feedBookId(name: string): number {
  if (!/^[1-9]\d{0,9}$/.test(name)) throw new DomainError('invalid', INVALID_BOOK_ID);
  return Number(name);
}
