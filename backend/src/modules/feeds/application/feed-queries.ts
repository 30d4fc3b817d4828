import { Injectable } from '@nestjs/common';
import { type BookReadModel, FEED_ITEM_LIMIT, type FeedFormat, feedPaths, storySlug } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { CatalogLists, CatalogReadStore } from '../../catalog';
import { ShelvesReadStore } from '../../shelves';
import { FeedAddresses } from '../infrastructure/feed-addresses';
import { FeedTokensReadStore } from '../infrastructure/feed-tokens-read-store';
import { type FeedChapter, type FeedContent, tagUri } from './feed-document';

/** The stories of a Reading shelf a feed reads, the ones put there last: each is one `_id` read. */
export const READING_FEED_STORIES = 300;

/** Answered for an address that is not one, was never made, or was turned off: the same words for each. */
export const NO_SUCH_FEED = 'There is no feed at this address.';
export const NO_SUCH_STORY = 'There is no story with that id.';

type Book = BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> };

const newestFirst = (a: FeedChapter, b: FeedChapter) =>
  b.uploadedTime.localeCompare(a.uploadedTime) || b.bookId - a.bookId || b.chapterId - a.chapterId;

/** A book's newest FEED_ITEM_LIMIT chapters as feed entries. */
function chaptersOf(book: Book): FeedChapter[] {
  const slug = storySlug(book.book_id, book.metadata.english_book_name);
  return Object.values(book.chapters)
    .map((chapter) => ({
      bookId: book.book_id,
      bookName: book.metadata.english_book_name,
      slug,
      chapterId: chapter.chapter_id,
      title: chapter.title,
      uploadedTime: chapter.uploaded_time,
      wordCount: chapter.word_count,
    }))
    .sort(newestFirst)
    .slice(0, FEED_ITEM_LIMIT);
}

/** The newest FEED_ITEM_LIMIT chapters of the books. */
const newestOf = (books: (Book | null)[]): FeedChapter[] =>
  books.flatMap((book) => (book ? chaptersOf(book) : [])).sort(newestFirst).slice(0, FEED_ITEM_LIMIT);

const latestOf = (...times: (string | null | undefined)[]): string =>
  times.reduce<string>((max, time) => (time && time > max ? time : max), new Date(0).toISOString());

/**
 * What each feed shows, from the read models, by `_id` reads: the catalog's books (each holds its chapters' titles and
 * times), the reader's shelves and the feed addresses. The site-wide feed takes its books from the search engine, newest
 * first, as the home page's latest updates do: a book counts as updated at its newest chapter (at its publication while
 * it has none), so the newest FEED_ITEM_LIMIT chapters are among the chapters of the FEED_ITEM_LIMIT books updated
 * last, but for books published since without a chapter, which can push the oldest of them out.
 */
@Injectable()
export class FeedQueries {
  constructor(
    private readonly lists: CatalogLists,
    private readonly catalog: CatalogReadStore,
    private readonly shelves: ShelvesReadStore,
    private readonly tokens: FeedTokensReadStore,
    private readonly addresses: FeedAddresses,
  ) {}

  private selfUrls(path: (format: FeedFormat) => string): Record<FeedFormat, string> {
    return { rss: this.addresses.url(path('rss')), atom: this.addresses.url(path('atom')) };
  }

  async latest(): Promise<FeedContent> {
    const { books } = await this.lists.page({ page: 1, pageSize: FEED_ITEM_LIMIT, sort: 'newest' });
    const chapters = newestOf(await Promise.all(books.map((book) => this.catalog.findBook(book.book_id))));
    const { site } = this.addresses;
    return {
      id: tagUri(site, 'feeds/latest'),
      title: `${site.name}: latest chapters`,
      description: `The newest chapters of every story on ${site.name}.`,
      pageUrl: `${site.url}/`,
      selfUrls: this.selfUrls(feedPaths.latest),
      chapters,
      namesStory: true,
      updated: latestOf(chapters[0]?.uploadedTime),
    };
  }

  async story(bookId: number): Promise<FeedContent> {
    const book = await this.catalog.findBook(bookId);
    if (!book) throw new DomainError('not-found', NO_SUCH_STORY);
    const chapters = chaptersOf(book);
    const { site } = this.addresses;
    const name = book.metadata.english_book_name;
    return {
      id: tagUri(site, `feeds/story/${bookId}`),
      title: `${name} on ${site.name}`,
      description: `New chapters of ${name} by ${book.metadata.author}.`,
      pageUrl: `${site.url}/${storySlug(bookId, name)}`,
      selfUrls: this.selfUrls((format) => feedPaths.story(bookId, format)),
      chapters,
      namesStory: false,
      updated: latestOf(chapters[0]?.uploadedTime, book.published_at),
    };
  }

  /** The Reading shelf the token's address shows; an unknown, forged or turned-off address is one not found. */
  async reading(token: string): Promise<FeedContent> {
    const tokenId = this.addresses.tokenIdOf(token);
    const owner = tokenId === null ? null : await this.tokens.ownerOf(tokenId);
    if (!tokenId || !owner) throw new DomainError('not-found', NO_SUCH_FEED);
    const reading = Object.values(await this.shelves.stories(owner.user_id))
      .filter((story) => story.shelf === 'reading')
      .sort((a, b) => b.shelved_at.localeCompare(a.shelved_at))
      .slice(0, READING_FEED_STORIES);
    const chapters = newestOf(await Promise.all(reading.map((story) => this.catalog.findBook(story.book_id))));
    const { site } = this.addresses;
    return {
      id: tagUri(site, `feeds/reading/${tokenId}`),
      title: `My Reading shelf on ${site.name}`,
      description: `New chapters of the stories on a reader's Reading shelf on ${site.name}.`,
      pageUrl: `${site.url}/user/library`,
      selfUrls: this.selfUrls((format) => feedPaths.reading(token, format)),
      chapters,
      namesStory: true,
      updated: latestOf(chapters[0]?.uploadedTime, owner.created_at, reading[0]?.shelved_at),
    };
  }
}

