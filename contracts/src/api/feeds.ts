/**
 * The site's feeds (RSS 2.0 and Atom 1.0), served by the API: the latest chapters site-wide, one story's chapters,
 * and a reader's Reading shelf behind a private address. The web client links them from its pages.
 */
export const FEED_FORMATS = ['rss', 'atom'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
};

/** What the links to each format say. */
export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom' };

/** How many chapters a feed lists, newest first. */
export const FEED_ITEM_LIMIT = 50;

/** The feeds' paths, from the site's root. */
export const feedPaths = {
  latest: (format: FeedFormat): string => `/api/feeds/latest.${format}`,
  story: (bookId: number, format: FeedFormat): string => `/api/feeds/stories/${bookId}.${format}`,
  reading: (token: string, format: FeedFormat): string => `/api/feeds/reading/${token}.${format}`,
};

/** A reader's Reading-shelf feed: its addresses (whole URLs), and when it was made. */
export interface ReadingFeedAddress {
  rss: string;
  atom: string;
  created_at: string;
}

/** GET, PUT and DELETE /api/user/feeds/reading: the reader's Reading-shelf feed address, null when none is on. */
export interface ReadingFeedResponse {
  reading: ReadingFeedAddress | null;
}
