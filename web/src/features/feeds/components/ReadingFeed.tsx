import { useState } from 'react';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { readingFeedLinks, useFeedLinks } from '../feed-links';
import { useReadingFeed, useReadingFeedChanges } from '../queries';
import './feeds.css';

export const READING_FEED_TEXT = {
  heading: 'Reading shelf feed',
  about: 'Follow new chapters of the stories on your Reading shelf in a feed reader, at an address of your own.',
  none: 'You have no feed address.',
  make: 'Make a feed address',
  private: 'Anyone with this address can see the stories on your Reading shelf. If it gets out, make a new one: the old one stops working.',
  makeNew: 'Make a new address',
  turnOff: 'Turn the feed off',
  confirmNew: 'Make a new feed address? The one you have now stops working, in every feed reader that uses it.',
  confirmOff: 'Turn the feed off? Its address stops working, in every feed reader that uses it.',
} as const;

/** The Library's Reading-shelf feed: its private addresses, made, made anew and turned off by the reader. */
export function ReadingFeed() {
  const { data, isPending, error } = useReadingFeed();
  const { make, turnOff } = useReadingFeedChanges();
  const [asking, setAsking] = useState<'new' | 'off' | null>(null);
  const reading = data?.reading ?? null;
  useFeedLinks(reading ? readingFeedLinks(reading) : []);
  const busy = make.isPending || turnOff.isPending;
  const problem = make.error ?? turnOff.error ?? error;

  const answer = () => {
    if (asking === 'new') make.mutate();
    if (asking === 'off') turnOff.mutate();
    setAsking(null);
  };

  return (
    <section className="library-shelf reading-feed" aria-labelledby="reading-feed-heading">
      <h2 id="reading-feed-heading">{READING_FEED_TEXT.heading}</h2>
      <p>{READING_FEED_TEXT.about}</p>
      {isPending ? (
        <p>Loading...</p>
      ) : reading === null ? (
        <>
          {!error && <p className="library-shelf__empty">{READING_FEED_TEXT.none}</p>}
          <button type="button" className="button" disabled={busy} onClick={() => make.mutate()}>
            {READING_FEED_TEXT.make}
          </button>
        </>
      ) : (
        <>
          <p>{READING_FEED_TEXT.private}</p>
          <dl className="reading-feed__addresses">
            <dt>RSS</dt>
            <dd>
              <a href={reading.rss} type="application/rss+xml">
                {reading.rss}
              </a>
            </dd>
            <dt>Atom</dt>
            <dd>
              <a href={reading.atom} type="application/atom+xml">
                {reading.atom}
              </a>
            </dd>
          </dl>
          <div className="reading-feed__actions">
            <button type="button" className="button" disabled={busy} onClick={() => setAsking('new')}>
              {READING_FEED_TEXT.makeNew}
            </button>
            <button type="button" className="button button--plain" disabled={busy} onClick={() => setAsking('off')}>
              {READING_FEED_TEXT.turnOff}
            </button>
          </div>
        </>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
      <ConfirmModal question={asking === 'new' ? READING_FEED_TEXT.confirmNew : asking === 'off' ? READING_FEED_TEXT.confirmOff : null} onYes={answer} onNo={() => setAsking(null)} />
    </section>
  );
}
