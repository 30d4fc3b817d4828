import { isNotFound } from '../../../shared/api/is-not-found';
import { NotFoundPage } from '../../../shared/page/NotFoundPage';
import { type BookDetail, storySlug } from '@shelf/contracts';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { Boundary } from '../../../shared/ui/Boundary';
import { Link } from '../../../shared/ui/Link';
import { SITE_NAME } from '../../../shared/config/site-config';
import { BookCardList } from '../../book-lists';
import { MarkdownOnDemand } from '../../../shared/markdown/components/MarkdownOnDemand';
import { FeedLinks, storyFeedLinks, useFeedLinks } from '../../feeds';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { useBookPage } from '../queries';
import { ChaptersList } from './ChaptersList';
import { GlossaryList } from '../../glossary';
import { NewChapterNotice } from '../../new-chapters';
import { ContinueReadingButton, useBookProgress } from '../../reading-progress';
import { EbookLink } from './EbookLink';
import { EndingReveal } from './EndingReveal';
import { LinkedList } from './LinkedList';
import { RelatedList } from './RelatedList';
import { withThousands } from '../../../shared/text/whole-number';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function BookFacts({ book }: { book: BookDetail }) {
  return (
    <dl className="book-facts">
      <Fact label="Author">{book.author}</Fact>
      <Fact label="Word Count">{withThousands(book.book_word_count)}</Fact>
      {book.associated_names.trim() !== '' && <Fact label="Associated Names">{book.associated_names}</Fact>}
      <Fact label="Status">{book.completion_statuses}</Fact>
      <Fact label="Original Language">{book.original_languages}</Fact>
      <Fact label="Diversity">
        <Link to={`/diversity/${book.diversities}`}>{book.diversities}</Link>
      </Fact>
      <Fact label="Endings">
        <EndingReveal endings={book.endings} />
      </Fact>
      <Fact label="Genres">
        <LinkedList category="genre" list={book.genres} />
      </Fact>
      <Fact label="Settings">
        <LinkedList category="setting" list={book.settings} />
      </Fact>
      <Fact label="Tags">
        <LinkedList category="tag" list={book.tags} />
      </Fact>
    </dl>
  );
}

/** What the story page shows that other features draw; the app passes them in (app/screens/book.tsx). */
export interface BookPageParts {
  LikeButton: ComponentType<{ bookId: number }>;
  ShelfControl: ComponentType<{ bookId: number }>;
  CommentSection: ComponentType<{ bookId: number; chapterId: null }>;
}

/** The furthest chapter a reader has reached: their place, or the furthest chapter they opened (null: none). */
const furthestChapter = (place: number | undefined, read: readonly number[]): number | null => {
  const furthest = Math.max(place ?? 0, ...read);
  return furthest > 0 ? furthest : null;
};

/** Story detail (/{bookIDSlug}). */
export function BookPage({ bookId, bookIdSlug, parts }: { bookId: number; bookIdSlug: string; parts: BookPageParts }) {
  const { LikeButton, ShelfControl, CommentSection } = parts;
  const { data, isPending, isError, error } = useBookPage(bookId, bookIdSlug);
  const { progress, chaptersRead, chaptersRevised } = useBookProgress(bookId);
  const book = data?.bookDetails;
  usePageMeta(book?.english_book_name ?? SITE_NAME, book ? `${book.english_book_name} by ${book.author}: ${book.description.slice(0, 150)}` : undefined);
  const feeds = useMemo(() => (book ? storyFeedLinks(book.book_id, book.english_book_name) : []), [book]);
  useFeedLinks(feeds);

  if (isPending) return <p>Loading</p>;
  if (isNotFound(error)) return <NotFoundPage what="story" />;
  if (isError || !book) return <p role="alert">Error</p>;
  const slug = storySlug(book.book_id, book.english_book_name);
  return (
    <article className="book-page" aria-labelledby="book-title">
      <div className="book-page__head">
        {/* The page's largest paint on a phone: fetched first, before the scripts. */}
        {book.cover_image && (
          <img
            className="book-page__cover"
            src={book.cover_image}
            alt={`Cover of ${book.english_book_name}`}
            width={200}
            height={283}
            fetchPriority="high"
          />
        )}
        <div>
          <h1 id="book-title">{book.english_book_name}</h1>
          <BookFacts book={book} />
          <ContinueReadingButton bookId={book.book_id} slug={slug} />
        </div>
      </div>

      <div id="book-like" className="book-page__like">
        <LikeButton bookId={book.book_id} />
        <ShelfControl bookId={book.book_id} />
      </div>

      <section aria-labelledby="book-description-heading">
        <h2 id="book-description-heading">Description</h2>
        <MarkdownOnDemand text={book.description} className="book-page__description" />
      </section>
      {book.book_tl_note.trim() !== '' && (
        <section aria-labelledby="book-tl-note-heading">
          <h2 id="book-tl-note-heading">Translator Note</h2>
          <MarkdownOnDemand text={book.book_tl_note} />
        </section>
      )}

      {/* Below the story's head, each part hydrates in a pass of its own (a Boundary), not in one long task. */}
      <Boundary>
        <div className="related-lists">
          <RelatedList title="Series" list={book.part_of_series} currentBookId={book.book_id} />
          <RelatedList title="Related Story" list={book.shared_universe} currentBookId={book.book_id} />
          <RelatedList title="Similar Theme" list={book.similar_theme} currentBookId={book.book_id} />
        </div>
      </Boundary>

      <Boundary>
        <ChaptersList slug={slug} chapters={data.chapters} chaptersRead={chaptersRead} chaptersRevised={chaptersRevised} />
      </Boundary>
      <Boundary>
        <GlossaryList entries={data.glossary ?? []} reached={furthestChapter(progress?.chapter_id, chaptersRead)} />
      </Boundary>
      <FeedLinks label="New chapters by feed:" links={feeds} />
      <EbookLink bookId={book.book_id} slug={slug} chapters={data.chapters.length} />
      <NewChapterNotice bookId={book.book_id} slug={slug} />

      <div id="book-comments" className="book-page__comments">
        <Boundary>
          <CommentSection bookId={book.book_id} chapterId={null} />
        </Boundary>
      </div>

      <section aria-labelledby="recommendations-heading">
        <h2 id="recommendations-heading">Recommendations</h2>
        <Boundary>
          <BookCardList books={data.randomBooks} />
        </Boundary>
      </section>
    </article>
  );
}
