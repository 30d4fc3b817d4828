import type { FeedFormat } from '@shelf/contracts';
import { Feed } from 'feed';

/** A chapter as a feed lists it. */
export interface FeedChapter {
  bookId: number;
  bookName: string;
  /** The story's address path, `{id}-{slug}`. */
  slug: string;
  chapterId: number;
  title: string;
  /** ISO time it was uploaded. */
  uploadedTime: string;
  wordCount: number;
}

/** What one feed shows, in either format. */
export interface FeedContent {
  /** A `tag:` URI naming the feed for good (Atom's id). */
  id: string;
  title: string;
  description: string;
  /** The site page the feed follows (`<link rel="alternate">`). */
  pageUrl: string;
  /** The feed's own addresses, one per format (`rel="self"`). */
  selfUrls: Record<FeedFormat, string>;
  /** Newest first. */
  chapters: FeedChapter[];
  /** Whether each entry names its story (feeds of more than one story). */
  namesStory: boolean;
  /** ISO time the feed last changed: its newest chapter's upload, or later (a story put on the shelf since). */
  updated: string;
}

export interface FeedSite {
  name: string;
  /** PUBLIC_URL without its trailing slash. */
  url: string;
  /** The host of PUBLIC_URL, the authority of the feeds' `tag:` URIs (RFC 4151). */
  host: string;
}

/** The tagging date of every `tag:` URI the site makes: fixed, so an id never changes. */
const TAG_DATE = '2026';

export const tagUri = (site: FeedSite, specific: string): string => `tag:${site.host},${TAG_DATE}:${specific}`;

const words = new Intl.NumberFormat('en-US');

/** Text as HTML: Atom's titles and both formats' descriptions are HTML (`type="html"`), RSS titles are plain text. */
const html = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text for a CDATA section: the feed package splits only the first `]]>` of a text, so none may stay. */
const cdataSafe = (text: string): string => text.replaceAll(']]>', ']] >');

/**
 * The feed as RSS 2.0 or Atom 1.0, written by the `feed` package (escaping, dates in RFC 822 and RFC 3339, the
 * `atom:link rel="self"` RSS readers and the W3C validator expect). Each chapter's id is a `tag:` URI of its book and
 * chapter ids, so renaming a story never makes readers see its chapters again; its link is the chapter's page.
 */
export function feedDocument(site: FeedSite, content: FeedContent, format: FeedFormat): string {
  const feed = new Feed({
    id: content.id,
    title: content.title,
    description: content.description,
    link: content.pageUrl,
    language: 'en',
    updated: new Date(content.updated),
    generator: site.name,
    author: { name: site.name, link: `${site.url}/` },
    copyright: `The stories belong to their authors and translators; ${site.name} links to them.`,
    feedLinks: { rss: content.selfUrls.rss, atom: content.selfUrls.atom },
    ttl: 30,
  });
  for (const chapter of content.chapters) {
    const link = `${site.url}/${chapter.slug}/${chapter.chapterId}`;
    const title = content.namesStory ? `${chapter.bookName}: ${chapter.title}` : chapter.title;
    feed.addItem({
      id: tagUri(site, `chapter/${chapter.bookId}/${chapter.chapterId}`),
      title: format === 'atom' ? html(title) : cdataSafe(title),
      link,
      date: new Date(chapter.uploadedTime),
      description: html(`${chapter.title} of ${chapter.bookName}, ${words.format(chapter.wordCount)} words.`),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
