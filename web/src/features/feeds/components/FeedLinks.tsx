import { FEED_FORMAT_NAMES, FEED_FORMATS, FEED_MEDIA_TYPES, type FeedLink } from '@shelf/contracts';
import './feeds.css';

interface Props {
  /** What the feed follows, e.g. "New chapters by feed:". */
  label: string;
  links: FeedLink[];
}

const formatName = (type: string): string => FEED_FORMAT_NAMES[FEED_FORMATS.find((format) => FEED_MEDIA_TYPES[format] === type) ?? 'rss'];

/** Plain links to a feed's formats (a feed is a file the API serves, not a page of the app). */
export function FeedLinks({ label, links }: Props) {
  return (
    <p className="feed-links">
      <span>{label}</span>{' '}
      {links.map((link, index) => (
        <span key={link.href}>
          {index > 0 && ' · '}
          <a href={link.href} type={link.type} title={link.title}>
            {formatName(link.type)}
          </a>
        </span>
      ))}
    </p>
  );
}
