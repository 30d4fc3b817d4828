import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  CatalogEventType,
  type ChapterPublishedV1,
  type LikedUpdatesCheckedV1,
  PAGE_ITEMS,
  pageId,
  type ReaderLikesReadModel,
  rememberApplied,
  SocialEventType,
  SocialReadModelCollection,
  type StoryLikeEvent,
  type StoryLikerPageReadModel,
  type StoryLikesReadModel,
  userKey,
} from '@shelf/contracts';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import { saveDocument } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { emptyReaderLikes, likeStep, recordChecked, recordUpdate, reduceReaderLikes } from './story-like-reducers';

type Handled = StoryLikeEvent | ChapterPublishedV1 | LikedUpdatesCheckedV1;

const C = SocialReadModelCollection;

/**
 * Story likes: each book's like count and, in pages, who has liked it (rm_story_likes, rm_story_liker_pages; the
 * search projector copies the count into the index), and each reader's liked stories with their unchecked updates
 * (rm_reader_likes). A book's likes and chapters share its partition, so one consumer writes its head and pages; the
 * head remembers the likes it counted. A reader's document is changed from many books' partitions, one writer at a time (ReadModels.exclusive). One
 * projector owns them all, because a chapter's fan-out reads the likers as they were when it was published.
 */
@Injectable()
export class StoryLikesProjector implements Projector {
  readonly name = 'story-likes';
  readonly handles = [
    SocialEventType.StoryLiked,
    SocialEventType.StoryUnliked,
    CatalogEventType.ChapterPublished,
    SocialEventType.LikedUpdatesChecked,
  ];

  readonly owns = [C.StoryLikes, C.StoryLikerPages, C.ReaderLikes];
  readonly shared = [C.ReaderLikes];

  constructor(
    private readonly readModels: ReadModels,
    private readonly badges: BadgeNotifier,
  ) {}

  async apply(event: Handled): Promise<void> {
    await this.badges.notify(await this.project(event));
  }

  /** Applies one event; returns the readers whose badge counts may have changed. */
  private async project(event: Handled): Promise<string[]> {
    switch (event.type) {
      case SocialEventType.StoryLiked:
      case SocialEventType.StoryUnliked: {
        const userId = event.data.user_id;
        const step = likeStep(await this.readers.findOne({ _id: userId }), event);
        if (!step) return [];
        await this.count(event, step);
        return (await this.updateReader(userId, (reader) => reduceReaderLikes(reader, event))) ? [userId] : [];
      }
      case CatalogEventType.ChapterPublished: {
        const changed: string[] = [];
        for (const userId of await this.likersOf(event.data.book_id)) {
          if (await this.updateReader(userId, (reader) => recordUpdate(reader, event.data.book_id, event.occurredAt))) changed.push(userId);
        }
        return changed;
      }
      case SocialEventType.LikedUpdatesChecked: {
        const userId = event.data.user_id;
        return (await this.updateReader(userId, (reader) => recordChecked(reader, event.occurredAt))) ? [userId] : [];
      }
    }
  }

  /** The book's head and liker pages after a like or unlike; a retry after a crash counts nothing twice. */
  private async count(event: StoryLikeEvent, { wasLiked, first }: { wasLiked: boolean; first: boolean }): Promise<void> {
    const { book_id: bookId, user_id: userId } = event.data;
    const id = bookReadModelId(bookId);
    const head = await this.heads.findOne({ _id: id });
    if (head?.applied.includes(event.id)) return;
    const likers = head?.likers ?? 0;
    if (first) await this.pages.updateOne({ _id: pageId(id, Math.floor(likers / PAGE_ITEMS)) }, { $set: { [`likers.${userKey(userId)}`]: userId } }, { upsert: true });
    const liked = event.type === SocialEventType.StoryLiked;
    await this.heads.updateOne(
      { _id: id },
      {
        $set: {
          book_id: bookId,
          like_count: (head?.like_count ?? 0) + (liked === wasLiked ? 0 : liked ? 1 : -1),
          likers: likers + (first ? 1 : 0),
          applied: rememberApplied(head?.applied ?? [], event.id),
        },
      },
      { upsert: true },
    );
  }

  private async likersOf(bookId: number): Promise<string[]> {
    const id = bookReadModelId(bookId);
    const head = await this.heads.findOne({ _id: id });
    const pages = await Promise.all(Array.from({ length: Math.ceil((head?.likers ?? 0) / PAGE_ITEMS) }, (_, page) => this.pages.findOne({ _id: pageId(id, page) })));
    return [...new Set(pages.flatMap((page) => Object.values(page?.likers ?? {})))];
  }

  private async updateReader(userId: string, change: (reader: ReaderLikesReadModel) => ReaderLikesReadModel): Promise<boolean> {
    return this.readModels.exclusive(`reader-likes:${userId}`, async () => {
      const current = await this.readers.findOne({ _id: userId });
      const base = current ?? emptyReaderLikes(userId);
      const next = change(base);
      if (next === base) return false;
      await saveDocument(this.readers, next, current === null);
      return true;
    });
  }

  private get heads() {
    return this.readModels.collection<StoryLikesReadModel>(C.StoryLikes);
  }

  private get pages() {
    return this.readModels.collection<StoryLikerPageReadModel>(C.StoryLikerPages);
  }

  private get readers() {
    return this.readModels.collection<ReaderLikesReadModel>(C.ReaderLikes);
  }
}
