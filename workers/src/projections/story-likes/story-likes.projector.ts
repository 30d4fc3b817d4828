import { Injectable } from '@nestjs/common';
import {
  bookKey,
  bookReadModelId,
  CatalogEventType,
  type ChapterPublishedV1,
  type LikedUpdatesCheckedV1,
  PAGE_ITEMS,
  pageId,
  partitionKey,
  partitionOf,
  readerLikesId,
  type ReaderLikesReadModel,
  rememberApplied,
  SocialEventType,
  SocialReadModelCollection,
  type StoryLikeEvent,
  type StoryLikerPageReadModel,
  type StoryLikesReadModel,
  userKey,
} from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { BatchModels, Prefetch, ProjectionContext, Projector, ReadModelStore } from '../../engine';
import { emptyReaderLikes, likeStep, recordChecked, recordUpdate, reduceReaderLikes } from './story-like-reducers';

type Handled = StoryLikeEvent | ChapterPublishedV1 | LikedUpdatesCheckedV1;

const C = SocialReadModelCollection;

/** The read models a batch's like events change, from the batch's BatchModels. */
interface LikeStores {
  heads: ReadModelStore<StoryLikesReadModel>;
  pages: ReadModelStore<StoryLikerPageReadModel>;
  readers: ReadModelStore<ReaderLikesReadModel>;
  prefetch: BatchModels['prefetch'];
}

const likeStores = (models: BatchModels): LikeStores => ({
  heads: models.collection(C.StoryLikes),
  pages: models.collection(C.StoryLikerPages),
  readers: models.collection(C.ReaderLikes),
  prefetch: (wanted) => models.prefetch(wanted),
});

/**
 * Story likes: each book's like count and, in pages, who has liked it (rm_story_likes, rm_story_liker_pages; the
 * search projector copies the count into the index), and each reader's liked stories with their unchecked updates
 * (rm_reader_likes, in one part per partition: see readerLikesId). A book's likes and chapters share its partition, so
 * one consumer writes its head, its pages and its likers' parts; the head remembers the likes it counted. One
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

  readonly owns = [C.StoryLikerPages, C.StoryLikes, C.ReaderLikes];

  *prefetch(event: Handled): Iterable<Prefetch> {
    const part = partitionOf(partitionKey(event.streamId, event.type, event.data));
    if (event.type !== SocialEventType.LikedUpdatesChecked) yield [C.StoryLikes, bookReadModelId(event.data.book_id)];
    if (event.type !== CatalogEventType.ChapterPublished) yield [C.ReaderLikes, readerLikesId(event.data.user_id, part)];
  }

  async apply(event: Handled, { push, models }: ProjectionContext): Promise<void> {
    for (const userId of await this.project(likeStores(models), event)) push({ kind: 'badges', userId });
  }

  /** Applies one event; returns the readers whose badge counts may have changed. */
  private async project(s: LikeStores, event: Handled): Promise<string[]> {
    // The reader's part of the event's own partition: its consumer is the part's one writer.
    const part = partitionOf(partitionKey(event.streamId, event.type, event.data));
    switch (event.type) {
      case SocialEventType.StoryLiked:
      case SocialEventType.StoryUnliked: {
        const userId = event.data.user_id;
        const reader = await s.readers.findOne({ _id: readerLikesId(userId, part) });
        const step = likeStep(reader, event);
        if (!step) return [];
        await this.count(s, event, step);
        await this.updateReader(s, userId, part, (doc) => reduceReaderLikes(doc, event));
        // A like or unlike changes the badge only by taking away a story's pending update.
        return reader?.books[bookKey(event.data.book_id)]?.last_update_at ? [userId] : [];
      }
      case CatalogEventType.ChapterPublished: {
        const changed: string[] = [];
        const likers = await this.likersOf(s, event.data.book_id);
        await s.prefetch(likers.map((userId) => [C.ReaderLikes, readerLikesId(userId, part)]));
        for (const userId of likers) {
          if (await this.updateReader(s, userId, part, (reader) => recordUpdate(reader, event.data.book_id, event.occurredAt))) changed.push(userId);
        }
        return changed;
      }
      case SocialEventType.LikedUpdatesChecked: {
        const userId = event.data.user_id;
        return (await this.updateReader(s, userId, part, (reader) => recordChecked(reader, event.occurredAt))) ? [userId] : [];
      }
    }
  }

  /** The book's head and liker pages after a like or unlike; a retry after a crash counts nothing twice. */
  private async count(s: LikeStores, event: StoryLikeEvent, { wasLiked, first }: { wasLiked: boolean; first: boolean }): Promise<void> {
    const { book_id: bookId, user_id: userId } = event.data;
    const id = bookReadModelId(bookId);
    const head = await s.heads.findOne({ _id: id });
    if (head?.applied.includes(event.id)) return;
    const likers = head?.likers ?? 0;
    if (first) await s.pages.updateOne({ _id: pageId(id, Math.floor(likers / PAGE_ITEMS)) }, { $set: { [`likers.${userKey(userId)}`]: userId } }, { upsert: true });
    const liked = event.type === SocialEventType.StoryLiked;
    await s.heads.updateOne(
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

  private async likersOf(s: LikeStores, bookId: number): Promise<string[]> {
    const id = bookReadModelId(bookId);
    const head = await s.heads.findOne({ _id: id });
    const ids = Array.from({ length: Math.ceil((head?.likers ?? 0) / PAGE_ITEMS) }, (_, page) => pageId(id, page));
    await s.prefetch(ids.map((page) => [C.StoryLikerPages, page]));
    const pages = await Promise.all(ids.map((page) => s.pages.findOne({ _id: page })));
    return [...new Set(pages.flatMap((page) => Object.values(page?.likers ?? {})))];
  }

  private async updateReader(s: LikeStores, userId: string, part: number, change: (reader: ReaderLikesReadModel) => ReaderLikesReadModel): Promise<boolean> {
    const id = readerLikesId(userId, part);
    const current = await s.readers.findOne({ _id: id });
    const base = current ?? emptyReaderLikes(id);
    const next = change(base);
    if (next === base) return false;
    await saveDocument(s.readers, next, current === null);
    return true;
  }
}
