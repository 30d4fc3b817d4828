import { FEED_FORMAT_NAMES, FEED_FORMATS, FEED_MEDIA_TYPES, type FeedFormat, type FeedLink, feedPaths } from '@shelf/contracts';
import { useContext, useEffect } from 'react';
import { SITE_NAME } from '../../shared/config/site-config';
import { PageMetaContext } from '../../shared/page/use-page-meta';

/** The feed in both formats, titled `title (RSS)` and `title (Atom)`. */
const bothFormats = (title: string, path: (format: FeedFormat) => string): FeedLink[] =>
  FEED_FORMATS.map((format) => ({ href: path(format), type: FEED_MEDIA_TYPES[format], title: `${title} (${FEED_FORMAT_NAMES[format]})` }));

export const latestFeedLinks = (): FeedLink[] => bothFormats(`${SITE_NAME}: latest chapters`, feedPaths.latest);

export const storyFeedLinks = (bookId: number, bookName: string): FeedLink[] =>
  bothFormats(`${bookName} on ${SITE_NAME}`, (format) => feedPaths.story(bookId, format));

/** A reader's Reading-shelf feed, from its whole addresses. */
export const readingFeedLinks = (addresses: Record<FeedFormat, string>): FeedLink[] =>
  bothFormats(`My Reading shelf on ${SITE_NAME}`, (format) => addresses[format]);

/**
 * Offers the page's feeds as `<link rel="alternate">` in the document's head, where browsers' and feed readers'
 * discovery looks. On the server (no effects) they go to the page's meta, which the API writes into the head; the
 * browser replaces those (`data-feed=""`) with its own once the page runs, and takes its own away when the page goes.
 */
export function useFeedLinks(links: FeedLink[]): void {
  const serverMeta = useContext(PageMetaContext);
  if (serverMeta && serverMeta.feeds === undefined) Object.assign(serverMeta, { feeds: links });
  const key = JSON.stringify(links);
  useEffect(() => {
    for (const served of document.head.querySelectorAll('link[data-feed=""]')) served.remove();
    const added = (JSON.parse(key) as FeedLink[]).map(({ href, type, title }) => {
      const link = document.createElement('link');
      Object.assign(link, { rel: 'alternate', type, title, href });
      link.dataset.feed = 'app';
      document.head.append(link);
      return link;
    });
    return () => {
      for (const link of added) link.remove();
    };
  }, [key]);
}
