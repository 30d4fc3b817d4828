// The feeds as a feed reader and the W3C Feed Validation Service take them: well-formed XML (fast-xml-parser's
// validator), read by a maintained feed parser (@rowanmanning/feed-parser, as feed readers built on it read them), and
// the W3C rules of RSS 2.0 and Atom 1.0 (RFC 4287) that a lenient parser lets pass: required elements, absolute links,
// RFC 822 / RFC 3339 dates, a rel="self" link, guids and ids. Shared by the integration and the browser tests.
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface CheckedItem {
  id: string;
  title: string;
  url: string;
  date: Date;
}

export interface CheckedFeed {
  type: 'rss' | 'atom';
  title: string;
  /** The site page it follows. */
  url: string;
  /** Its own address (rel="self"). */
  self: string;
  items: CheckedItem[];
}

const RFC_822 = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (?:GMT|[+-]\d{4})$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function must(condition: unknown, rule: string): asserts condition {
  if (!condition) throw new Error(`Feed breaks a W3C rule: ${rule}`);
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Record<string, unknown>)['#text'] ?? '') : String(value ?? ''));
const absolute = (url: string) => /^https?:\/\/[^\s]+$/.test(url) && new URL(url).href.length > 0;

/** Checks `xml` against the rules and returns it as the parser read it; throws naming the first rule broken. */
export function checkFeed(xml: string, type: 'rss' | 'atom'): CheckedFeed {
  const wellFormed = XMLValidator.validate(xml);
  must(wellFormed === true, `well-formed XML (${wellFormed === true ? '' : wellFormed.err.msg})`);
  must(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>'), 'an XML declaration naming UTF-8');
  const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as Record<string, Record<string, unknown>>;
  if (type === 'rss') checkRss(tree);
  else checkAtom(tree);

  const feed = parseFeed(xml);
  must(feed.meta.type === type, `a feed the parser reads as ${type} (it read ${feed.meta.type})`);
  return {
    type,
    title: feed.title ?? '',
    url: feed.url ?? '',
    self: feed.self ?? '',
    items: feed.items.map((item) => {
      must(item.id && item.title && item.url && (item.published ?? item.updated), 'every item has an id, a title, a link and a date the parser reads');
      return { id: item.id, title: item.title, url: item.url, date: (item.published ?? item.updated)! };
    }),
  };
}

function checkRss(tree: Record<string, Record<string, unknown>>): void {
  const rss = tree.rss;
  must(rss && rss['@version'] === '2.0', '<rss version="2.0"> is the root');
  const channel = rss.channel as Record<string, unknown>;
  must(channel, 'one <channel>');
  for (const name of ['title', 'link', 'description']) must(text(channel[name]).length > 0, `the channel has a <${name}>`);
  must(absolute(text(channel.link)), 'the channel link is an absolute URL');
  if (channel.lastBuildDate !== undefined) must(RFC_822.test(text(channel.lastBuildDate)), 'lastBuildDate is an RFC 822 date');
  const self = list(channel['atom:link'] as Record<string, string> | Record<string, string>[]).find((link) => link['@rel'] === 'self');
  must(self && absolute(self['@href']) && self['@type'] === 'application/rss+xml', 'an atom:link rel="self" of type application/rss+xml (the validator recommends it)');
  must(rss['@xmlns:atom'] === 'http://www.w3.org/2005/Atom', 'the atom namespace is declared for atom:link');
  const guids = new Set<string>();
  for (const item of list(channel.item as Record<string, unknown>[])) {
    must(text(item.title).length > 0 || text(item.description).length > 0, 'an item has a title or a description');
    must(absolute(text(item.link)), "an item's link is an absolute URL");
    must(RFC_822.test(text(item.pubDate)), "an item's pubDate is an RFC 822 date");
    const guid = item.guid as Record<string, string>;
    must(guid && text(guid).length > 0, 'an item has a guid');
    if (guid['@isPermaLink'] !== 'false') must(absolute(text(guid)), 'a permalink guid is an absolute URL');
    must(!guids.has(text(guid)), 'guids are unique');
    guids.add(text(guid));
    if (item.author !== undefined) must(/\S+@\S+/.test(text(item.author)), "an item's author is an e-mail address");
  }
}

function checkAtom(tree: Record<string, Record<string, unknown>>): void {
  const feed = tree.feed;
  must(feed && feed['@xmlns'] === 'http://www.w3.org/2005/Atom', '<feed xmlns="http://www.w3.org/2005/Atom"> is the root');
  for (const name of ['id', 'title', 'updated']) must(text(feed[name]).length > 0, `the feed has an <${name}>`);
  must(/^[a-z][a-z0-9+.-]*:\S+$/i.test(text(feed.id)), "the feed's id is an IRI");
  must(RFC_3339.test(text(feed.updated)), "the feed's updated is an RFC 3339 date");
  const links = list(feed.link as Record<string, string>[]);
  must(links.some((link) => link['@rel'] === 'self' && absolute(link['@href'])), 'a link rel="self" (the validator recommends it)');
  must(links.some((link) => link['@rel'] === 'alternate' && absolute(link['@href'])), 'a link rel="alternate" to the site page');
  const feedAuthor = feed.author as Record<string, unknown> | undefined;
  const ids = new Set<string>();
  for (const entry of list(feed.entry as Record<string, unknown>[])) {
    for (const name of ['id', 'title', 'updated']) must(text(entry[name]).length > 0, `an entry has an <${name}>`);
    must(/^[a-z][a-z0-9+.-]*:\S+$/i.test(text(entry.id)), "an entry's id is an IRI");
    must(!ids.has(text(entry.id)), 'entry ids are unique');
    ids.add(text(entry.id));
    must(RFC_3339.test(text(entry.updated)), "an entry's updated is an RFC 3339 date");
    must(list(entry.link as Record<string, string>[]).some((link) => (link['@rel'] ?? 'alternate') === 'alternate' && absolute(link['@href'])), 'an entry has an alternate link');
    must(text(feedAuthor?.name).length > 0 || entry.author !== undefined, 'the feed or each entry has an author with a name');
  }
}
