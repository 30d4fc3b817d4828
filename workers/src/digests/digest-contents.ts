import {
  AccountReadModelCollection,
  type BookReadModel,
  bookReadModelId,
  isHiddenReply,
  LibraryReadModelCollection,
  type LogPlace,
  loadReaderLikes,
  ReadModelCollection,
  type ReaderLikesReadModel,
  type ShelvesReadModel,
  SocialReadModelCollection,
  type UserReadModel,
} from '@shelf/contracts';
import { ReplyInbox } from '@shelf/read-model-formats';
import type { ReadModels } from '../engine';

/** Items a digest lists at most; the rest it counts ("and 12 more"). */
export const DIGEST_ITEMS = 30;
/** Stories whose chapter lists one digest of new chapters reads at most. */
const BOOKS_READ = 100;
/** Replies one digest of replies reads at most, newest first. */
const REPLIES_READ = 300;

/**
 * What one digest covers. An item with a place in the log (a reply's posting, a chapter's publication) is in it when
 * its position in its partition is past `from` (the last digest's `to`) and at most `to` (what was projected when the
 * window was claimed): by position, never by time, so an item projected late is in the next digest, and in exactly
 * one. A reader's first digest has no `from`: it starts at `since`, by the item's time. Items without a place (projected
 * before places were kept) go by time, after `since` and up to `until`.
 */
export interface DigestWindow {
  since: string;
  until: string;
  /** Per partition, the position after which items are in the window (absent: the first digest). */
  from?: number[];
  /** Per partition, the position up to which items are in the window (absent: a window claimed before places were kept). */
  to?: number[];
}

export interface ReplyItem {
  book_id: number;
  book_title: string;
  chapter_id: number | null;
  chapter_title: string | null;
  comment_time: string;
}

export interface ChapterItem {
  book_id: number;
  book_title: string;
  chapter_id: number;
  chapter_title: string;
  uploaded_time: string;
}

export interface DigestItems<Item> {
  items: Item[];
  /** New ones in all, listed or not. */
  total: number;
}

/** Whether an item of this time and place is in the window; 'before' when it is before the window's start. */
function inWindow(time: string, place: LogPlace | undefined, { since, until, from, to }: DigestWindow): boolean | 'before' {
  if (place && to) {
    if (from ? place.seq <= from[place.partition] : time <= since) return 'before';
    return place.seq <= to[place.partition];
  }
  if (time <= since) return 'before';
  return time <= until;
}

/**
 * What a digest lists, read from the log's read models by `_id` alone: a reader's reply inbox (its parts' newest
 * replies), liked stories (one part per partition) and shelves,
 * and the chapter lists of their stories. A run shares one instance, so each story's chapter list is read once a run
 * whatever the number of readers who follow it.
 */
export class DigestContents {
  private readonly books = new Map<number, Promise<BookReadModel | null>>();

  constructor(private readonly readModels: ReadModels) {}

  username(userId: string): Promise<string | null> {
    return this.readModels
      .collection<UserReadModel>(AccountReadModelCollection.Users)
      .findOne({ _id: userId })
      .then((user) => user?.username ?? null);
  }

  book(bookId: number): Promise<BookReadModel | null> {
    let book = this.books.get(bookId);
    if (!book) {
      book = this.readModels.collection<BookReadModel>(ReadModelCollection.Books).findOne({ _id: bookReadModelId(bookId) });
      this.books.set(bookId, book);
    }
    return book;
  }

  /** The replies to the reader's comments that came in the window and are still there to read, newest first. */
  async replies(userId: string, window: DigestWindow): Promise<DigestItems<ReplyItem>> {
    const inbox = await ReplyInbox.open((name) => this.readModels.collection(name), userId);
    const found: ReplyItem[] = [];
    // Newest first by time: a reply projected late (its place is in the window) was posted a moment before its place
    // was drawn, so it is among the newest too.
    for (const entry of await inbox.newest(0, REPLIES_READ)) {
      if (isHiddenReply(entry) || inWindow(entry.comment_time, entry.place, window) !== true) continue;
      const book = await this.book(entry.book_id);
      const chapter = entry.chapter_id === null ? null : book?.chapters[`c${entry.chapter_id}`];
      found.push({
        book_id: entry.book_id,
        book_title: book?.metadata?.english_book_name ?? `Story ${entry.book_id}`,
        chapter_id: entry.chapter_id,
        chapter_title: chapter?.title ?? null,
        comment_time: entry.comment_time,
      });
    }
    return newestFirst(found, (item) => item.comment_time);
  }

  /** The chapters published in the window of the stories the reader likes or has on a shelf (not Dropped), newest first. */
  async chapters(userId: string, window: DigestWindow): Promise<DigestItems<ChapterItem>> {
    const likes = await loadReaderLikes(userId, (filter) => this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne(filter));
    const shelves = await this.readModels.collection<ShelvesReadModel>(LibraryReadModelCollection.Shelves).findOne({ _id: userId });
    const followed = new Set<number>();
    // In a window by time, a liked story's last_update_at tells whether it had a chapter since: the others need no
    // chapter list read. By position, a chapter projected late may be older than that.
    const recent = (at: string | null) => at !== null && (window.from !== undefined || at > window.since);
    for (const story of Object.values(likes?.books ?? {})) if (story.liked && recent(story.last_update_at)) followed.add(story.book_id);
    for (const story of Object.values(shelves?.books ?? {})) if (story.shelf !== 'dropped') followed.add(story.book_id);
    const found: ChapterItem[] = [];
    for (const bookId of [...followed].slice(0, BOOKS_READ)) {
      const book = await this.book(bookId);
      if (!book?.metadata) continue;
      for (const chapter of Object.values(book.chapters)) {
        if (inWindow(chapter.uploaded_time, chapter.published_place, window) !== true) continue;
        found.push({ book_id: bookId, book_title: book.metadata.english_book_name, chapter_id: chapter.chapter_id, chapter_title: chapter.title, uploaded_time: chapter.uploaded_time });
      }
    }
    return newestFirst(found, (item) => item.uploaded_time);
  }
}

function newestFirst<Item>(items: Item[], time: (item: Item) => string): DigestItems<Item> {
  const sorted = items.sort((a, b) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : 0));
  return { items: sorted.slice(0, DIGEST_ITEMS), total: sorted.length };
}
