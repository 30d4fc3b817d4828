import { Injectable } from '@nestjs/common';
import type { DataExport, DataExportAccount, ExportedBook, ModeratedCommentReadModel, ReaderActivityTuple } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { AccountDirectory } from '../../accounts';
import { CatalogReadStore } from '../../catalog';
import { DigestsReadStore } from '../../digests';
import { LikedStoriesReadModels } from '../../likes';
import { MutesReadStore } from '../../mutes';
import { ReadingProgressReadStore } from '../../reading-progress';
import { SearchPresetsReadStore } from '../../search-presets';
import { ShelvesReadStore } from '../../shelves';
import { ReaderActivityReadStore } from '../infrastructure/reader-activity-read-store';

/**
 * What the site holds about a reader, for "Download my data": the account from its stream in the log, and the rest
 * from the reader's own read models, each read by `_id` (the reader's documents, or their parts per partition). The
 * sections are read side by side; books are named from the catalog once each.
 */
@Injectable()
export class BuildDataExportQuery {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly progress: ReadingProgressReadStore,
    private readonly shelves: ShelvesReadStore,
    private readonly searchPresets: SearchPresetsReadStore,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly activity: ReaderActivityReadStore,
    private readonly catalog: CatalogReadStore,
    private readonly mutes: MutesReadStore,
    private readonly digests: DigestsReadStore,
  ) {}

  async execute(userId: string, now = new Date()): Promise<DataExport> {
    const [account, positions, shelved, savedSearches, liked, activity, mutes, emailDigests] = await Promise.all([
      this.account(userId),
      this.progress.positions(userId),
      this.shelves.stories(userId),
      this.searchPresets.presets(userId),
      this.likedStories.liked(userId),
      this.activity.activity(userId),
      this.mutes.lists(userId),
      this.digests.choices(userId),
    ]);
    const of = (kind: ReaderActivityTuple[0]) => activity.filter((entry) => entry[0] === kind);
    const [posted, commentLikes, reports] = [of('comment'), of('comment-like'), of('report')];
    const bookIds = [
      ...Object.values(positions).map((place) => place.book_id),
      ...Object.values(shelved).map((story) => story.book_id),
      ...liked.map((story) => story.book_id),
      ...activity.map((entry) => entry[2]),
    ];
    const [titles, comments, chaptersRead] = await Promise.all([
      this.titles(bookIds),
      this.activity.comments(posted.map((entry) => entry[1])),
      Promise.all(Object.values(positions).map(async (place) => (await this.progress.bookProgress(userId, place.book_id))?.chapters_read ?? [])),
    ]);
    const book = (bookId: number): ExportedBook => ({ book_id: bookId, book_title: titles.get(bookId) ?? null });
    const byTime = <T>(at: (item: T) => string) => (a: T, b: T) => at(a).localeCompare(at(b));

    return {
      exported_at: now.toISOString(),
      account,
      reading_progress: Object.values(positions)
        .map((place, i) => ({ ...book(place.book_id), chapter_id: place.chapter_id, position: place.position, read_at: place.read_at, chapters_read: chaptersRead[i] }))
        .sort(byTime((item) => item.read_at)),
      shelves: Object.values(shelved)
        .map((story) => ({ ...book(story.book_id), shelf: story.shelf, shelved_at: story.shelved_at }))
        .sort(byTime((item) => item.shelved_at)),
      saved_searches: savedSearches.map(({ name, query, saved_at }) => ({ name, query, saved_at })),
      likes: {
        stories: liked.map((story) => ({ ...book(story.book_id), liked_at: story.liked_time })).sort(byTime((item) => item.liked_at)),
        comments: commentLikes
          .map(([, comment_id, book_id, chapter_id, at]) => ({ ...book(book_id), chapter_id, comment_id, liked_at: at }))
          .sort(byTime((item) => item.liked_at)),
      },
      comments: posted.map((entry) => exportedComment(entry, comments.get(entry[1]), book)).sort(byTime((item) => item.posted_at)),
      reports: reports
        .map(([, comment_id, book_id, chapter_id, at, reason]) => ({ ...book(book_id), chapter_id, comment_id, reason, reported_at: at }))
        .sort(byTime((item) => item.reported_at)),
      mutes,
      email_digests: emailDigests,
    };
  }

  private async account(userId: string): Promise<DataExportAccount> {
    const user = await this.directory.find(userId);
    if (!user) throw new DomainError('not-found', 'This account no longer exists.');
    return {
      user_id: user.userId,
      username: user.username,
      email: user.email,
      email_verified: user.emailVerified,
      created_at: user.registeredAt,
      role: user.operator ? 'operator' : 'reader',
      commenting_suspension: user.suspension,
    };
  }

  /** The title of each book the catalog has, by id: one lookup per book. */
  private async titles(bookIds: number[]): Promise<Map<number, string>> {
    const distinct = [...new Set(bookIds)];
    const books = await Promise.all(distinct.map((bookId) => this.catalog.findBook(bookId)));
    return new Map(books.flatMap((found, i) => (found ? [[distinct[i], found.metadata.english_book_name] as const] : [])));
  }
}

function exportedComment([, comment_id, book_id, chapter_id, at]: ReaderActivityTuple, comment: ModeratedCommentReadModel | undefined, book: (bookId: number) => ExportedBook) {
  return {
    ...book(book_id),
    chapter_id,
    comment_id,
    parent_comment_id: comment?.parent_comment_id ?? null,
    text: comment?.comment_content ?? null,
    posted_at: at,
    deleted: comment?.deleted ?? false,
    removed: comment?.removed ?? false,
  };
}
