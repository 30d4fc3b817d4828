import { SHELF_NAMES, type ShelvedStoryItem } from '@shelf/contracts';
import { Link } from '../../../shared/ui/Link';
import { ReadingFeed } from '../../feeds';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { useLibrary } from '../queries';
import './library.css';

function StoryRow({ story }: { story: ShelvedStoryItem }) {
  return (
    <li className="library-story">
      <img src={story.cover_image} alt="" width={48} height={68} loading="lazy" />
      <div className="library-story__text">
        <Link to={`/${story.slug}`} className="library-story__title">
          {story.english_book_name}
        </Link>
        <span className="library-story__author">{story.author}</span>
        {story.latest_chapter_id !== null && (
          <Link to={`/${story.slug}/${story.latest_chapter_id}`} className="library-story__latest">
            Latest: {story.latest_chapter_title}
          </Link>
        )}
      </div>
      {story.new_chapters > 0 && (
        <span className="badge badge--fresh library-story__new">
          {story.new_chapters} new {story.new_chapters === 1 ? 'chapter' : 'chapters'}
        </span>
      )}
    </li>
  );
}

/** /user/library: the reader's shelves, each story with its chapters uploaded since the reader last read it. */
export function LibraryPage() {
  usePageMeta('Library');
  const { data, isPending, isError, refetch } = useLibrary();

  if (isPending) return <p>Loading...</p>;
  if (isError) {
    return (
      <p role="alert">
        The library could not be loaded.{' '}
        <button type="button" className="button button--plain" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <>
      <h1>Library</h1>
      {data.shelves.map(({ shelf, stories }) => (
        <section key={shelf} className="library-shelf" aria-labelledby={`shelf-${shelf}`}>
          <h2 id={`shelf-${shelf}`}>
            {SHELF_NAMES[shelf]} <span className="library-shelf__count">({stories.length})</span>
          </h2>
          {stories.length === 0 ? (
            <p className="library-shelf__empty">No stories on this shelf yet. Choose a shelf on a story's page.</p>
          ) : (
            <ul>
              {stories.map((story) => (
                <StoryRow key={story.book_id} story={story} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <ReadingFeed />
    </>
  );
}
