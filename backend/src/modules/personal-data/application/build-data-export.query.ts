import { Injectable } from '@nestjs/common';
import {
  AccountEventType,
  accountStreams,
  type DataExport,
  type DataExportAccount,
  type ExportedBook,
  type ExportedComment,
  type ExportedCommentText,
  type ExportedModerationDecision,
  type ModeratedCommentReadModel,
  type ReaderActivityTuple,
} from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { EventStore } from '../../../event-store/event-store';
import { AccountDirectory } from '../../accounts';
import { AuditTrailReadStore } from '../../audit';
import { CatalogReadStore } from '../../catalog';
import { DigestsReadStore } from '../../digests';
import { FeedAddresses, FeedTokensReadStore } from '../../feeds';
import { LikedStoriesReadModels } from '../../likes';
import { MutesReadStore } from '../../mutes';
import { ReaderSettingsReadStore, ReadingProgressReadStore } from '../../reading-progress';
import { SearchPresetsReadStore } from '../../search-presets';
import { ShelvesReadStore } from '../../shelves';
import { CommentStreams } from '../infrastructure/comment-streams';
import { ReaderActivityReadStore } from '../infrastructure/reader-activity-read-store';
import { ReaderMail } from '../infrastructure/reader-mail';
import { exportedAccountHistory, exportedCommentHistory } from './exported-histories';

/** Comments read at a time: their texts in one query, their streams in one or a few. */
export const EXPORT_COMMENT_PAGE = 500;

/** Everything an export holds but its comments and the moderation decisions (which the comments' streams add to). */
export type DataExportOpening = Omit<DataExport, 'comments' | 'moderation'>;

/**
 * An export as it is written (docs/architecture.md, "Download my data"): the opening read at once, then the comments
 * a page at a time, then the moderation decisions, complete once the comments are read to their end.
 */
export interface DataExportReading {
  opening: DataExportOpening;
  commentCount: number;
  comments: AsyncIterable<ExportedComment[]>;
  moderation(): ExportedModerationDecision[];
}

const byTime =
  <T>(at: (item: T) => string) =>
  (a: T, b: T) =>
    at(a).localeCompare(at(b));

/**
 * What the site holds about a reader, for "Download my data": the account and its history from its stream in the log,
 * the rest from the reader's own read models, each read by `_id` (the reader's documents, or their parts per
 * partition), but for the sessions and e-mails (one scanning query each). The sections are read side by side; books
 * are named from the catalog once each; the comments' texts and streams are read a page at a time, in bulk.
 */
@Injectable()
export class BuildDataExportQuery {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly store: EventStore,
    private readonly progress: ReadingProgressReadStore,
    private readonly settings: ReaderSettingsReadStore,
    private readonly shelves: ShelvesReadStore,
    private readonly searchPresets: SearchPresetsReadStore,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly activity: ReaderActivityReadStore,
    private readonly commentStreams: CommentStreams,
    private readonly catalog: CatalogReadStore,
    private readonly mutes: MutesReadStore,
    private readonly digests: DigestsReadStore,
    private readonly audit: AuditTrailReadStore,
    private readonly mail: ReaderMail,
    private readonly feeds: FeedTokensReadStore,
    private readonly feedAddresses: FeedAddresses,
  ) {}

  /** The account, or the refusal of an export for an account that no longer exists. */
  async account(userId: string): Promise<DataExportAccount> {
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

  async read(account: DataExportAccount, now = new Date()): Promise<DataExportReading> {
    const userId = account.user_id;
    const [userEvents, positions, settings, shelved, savedSearches, liked, activity, mutes, emailDigests, sessions, pastExports, emails, feed] = await Promise.all([
      this.store.readStream(accountStreams.user(userId)),
      this.progress.positions(userId),
      this.settings.settings(userId),
      this.shelves.stories(userId),
      this.searchPresets.presets(userId),
      this.likedStories.liked(userId),
      this.activity.activity(userId),
      this.mutes.lists(userId),
      this.digests.choices(userId),
      this.directory.sessions(userId),
      this.audit.find({ targets: [userId], types: [AccountEventType.DataExported] }, 0, Number.MAX_SAFE_INTEGER),
      this.mail.to(account.email),
      this.feeds.readerFeed(userId),
    ]);
    const of = (kind: ReaderActivityTuple[0]) => activity.filter((entry) => entry[0] === kind);
    const [posted, commentLikes, reports] = [of('comment').sort(byTime((entry) => entry[4])), of('comment-like'), of('report')];
    const bookIds = [
      ...Object.values(positions).map((place) => place.book_id),
      ...Object.values(shelved).map((story) => story.book_id),
      ...liked.map((story) => story.book_id),
      ...activity.map((entry) => entry[2]),
    ];
    const [titles, chaptersRead] = await Promise.all([
      this.titles(bookIds),
      Promise.all(Object.values(positions).map(async (place) => (await this.progress.bookProgress(userId, place.book_id))?.chapters_read ?? [])),
    ]);
    const book = (bookId: number): ExportedBook => ({ book_id: bookId, book_title: titles.get(bookId) ?? null });
    const history = exportedAccountHistory(userEvents);
    const moderation = [...history.decisions];

    const opening: DataExportOpening = {
      exported_at: now.toISOString(),
      account,
      username_history: history.username_history,
      account_history: history.account_history,
      sessions,
      data_requests: [
        ...pastExports.map((entry) => ({ request: 'data-export' as const, at: entry.occurred_at, summary: entry.summary })),
        ...history.deletion_requests,
      ].sort(byTime((item) => item.at)),
      emails,
      reading_feed: feed && this.feedAddresses.readingAddress(feed.token_id, feed.created_at),
      reader_settings: settings,
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
      reports: reports
        .map(([, comment_id, book_id, chapter_id, at, reason]) => ({ ...book(book_id), chapter_id, comment_id, reason, reported_at: at }))
        .sort(byTime((item) => item.reported_at)),
      mutes,
      email_digests: emailDigests,
    };

    /** A page of comments: their texts in one query, then the streams of those the read model has. */
    const commentPage = async (entries: ReaderActivityTuple[]): Promise<ExportedComment[]> => {
      const texts = await this.activity.comments(entries.map((entry) => entry[1]));
      const streams = await this.commentStreams.read([...texts.values()]);
      return entries.map((entry) => {
        const { edit_history, decisions } = exportedCommentHistory(entry[1], streams.get(entry[1]) ?? []);
        moderation.push(...decisions);
        return exportedComment(entry, texts.get(entry[1]), book, edit_history);
      });
    };
    return {
      opening,
      commentCount: posted.length,
      comments: (async function* () {
        for (let start = 0; start < posted.length; start += EXPORT_COMMENT_PAGE) yield await commentPage(posted.slice(start, start + EXPORT_COMMENT_PAGE));
      })(),
      moderation: () => [...moderation].sort(byTime((item) => item.at)),
    };
  }

  /** The title of each book the catalog has, by id: one lookup per book. */
  private async titles(bookIds: number[]): Promise<Map<number, string>> {
    const distinct = [...new Set(bookIds)];
    const books = await Promise.all(distinct.map((bookId) => this.catalog.findBook(bookId)));
    return new Map(books.flatMap((found, i) => (found ? [[distinct[i], found.metadata.english_book_name] as const] : [])));
  }
}

function exportedComment(
  [, comment_id, book_id, chapter_id, at]: ReaderActivityTuple,
  comment: ModeratedCommentReadModel | undefined,
  book: (bookId: number) => ExportedBook,
  edit_history: ExportedCommentText[],
): ExportedComment {
  return {
    ...book(book_id),
    chapter_id,
    comment_id,
    parent_comment_id: comment?.parent_comment_id ?? null,
    text: comment?.comment_content ?? null,
    posted_at: at,
    deleted: comment?.deleted ?? false,
    removed: comment?.removed ?? false,
    edit_history,
  };
}
