import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  bookReadModelId,
  type BookReadModel,
  CatalogEventType,
  type ChapterPublishedV1,
  type LikedUpdatesCheckedV1,
  type ReaderLikesReadModel,
  ReadModelCollection,
  SocialEventType,
  SocialReadModelCollection,
  type StoryLikeEvent,
  type StoryLikesReadModel,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import { CollectionDocuments, type Documents, MemoryDocuments } from '../documents';
import type { Projector } from '../projector';
import { emptyReaderLikes, emptyStoryLikes, recordChecked, recordUpdate, reduceReaderLikes, reduceStoryLikes } from './story-like-reducers';

type Handled = StoryLikeEvent | ChapterPublishedV1 | LikedUpdatesCheckedV1;

interface LikeDocuments {
  stories: Documents<StoryLikesReadModel>;
  readers: Documents<ReaderLikesReadModel>;
  /** Called with a book's new like count. */
  likeCountChanged(bookId: number, likeCount: number): Promise<void>;
}

/**
 * Story likes: who likes each book and its like count (rm_story_likes, and like_count in rm_books for lists and
 * search), and each reader's liked stories with their unchecked updates (rm_reader_likes). One projector owns both,
 * because a chapter's fan-out reads the likers as they were when it was published.
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

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly badges: BadgeNotifier,
  ) {}

  private collection<T extends { _id: string }>(name: string) {
    return this.connection.collection<T>(name);
  }

  async apply(event: Handled): Promise<void> {
    const books = this.collection<BookReadModel>(ReadModelCollection.Books);
    const changedReaders = await project(
      {
        stories: new CollectionDocuments(this.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes)),
        readers: new CollectionDocuments(this.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes)),
        likeCountChanged: async (bookId, likeCount) => {
          await books.updateOne({ _id: bookReadModelId(bookId) }, { $set: { like_count: likeCount } });
        },
      },
      event,
    );
    await this.badges.notify(changedReaders);
  }

  async rebuild(events: Handled[]): Promise<void> {
    const stories = new MemoryDocuments<StoryLikesReadModel>();
    const readers = new MemoryDocuments<ReaderLikesReadModel>();
    for (const event of events) await project({ stories, readers, likeCountChanged: async () => undefined }, event);
    await stories.writeTo(this.collection(SocialReadModelCollection.StoryLikes));
    await readers.writeTo(this.collection(SocialReadModelCollection.ReaderLikes));
    // The catalogue rebuild, which runs first, left every like_count at 0.
    const books = this.collection<BookReadModel>(ReadModelCollection.Books);
    for (const story of stories.values()) await books.updateOne({ _id: story._id }, { $set: { like_count: story.like_count } });
  }
}

/** Applies one event; returns the readers whose badge counts may have changed. */
async function project(docs: LikeDocuments, event: Handled): Promise<string[]> {
  switch (event.type) {
    case SocialEventType.StoryLiked:
    case SocialEventType.StoryUnliked: {
      const { book_id: bookId, user_id: userId } = event.data;
      const story = await docs.stories.get(bookReadModelId(bookId));
      const nextStory = reduceStoryLikes(story ?? emptyStoryLikes(bookId), event);
      if (nextStory !== story) {
        await docs.stories.put(nextStory, story === null);
        if (nextStory.like_count !== story?.like_count) await docs.likeCountChanged(bookId, nextStory.like_count);
      }
      return (await updateReader(docs.readers, userId, (reader) => reduceReaderLikes(reader, event))) ? [userId] : [];
    }
    case CatalogEventType.ChapterPublished: {
      const story = await docs.stories.get(bookReadModelId(event.data.book_id));
      const changed: string[] = [];
      for (const liker of Object.values(story?.likers ?? {})) {
        if (!liker.liked) continue;
        const update = (reader: ReaderLikesReadModel) => recordUpdate(reader, event.data.book_id, event.occurredAt);
        if (await updateReader(docs.readers, liker.user_id, update)) changed.push(liker.user_id);
      }
      return changed;
    }
    case SocialEventType.LikedUpdatesChecked: {
      const userId = event.data.user_id;
      return (await updateReader(docs.readers, userId, (reader) => recordChecked(reader, event.occurredAt))) ? [userId] : [];
    }
  }
}

async function updateReader(
  readers: Documents<ReaderLikesReadModel>,
  userId: string,
  change: (reader: ReaderLikesReadModel) => ReaderLikesReadModel,
): Promise<boolean> {
  const current = await readers.get(userId);
  const base = current ?? emptyReaderLikes(userId);
  const next = change(base);
  if (next === base) return false;
  await readers.put(next, current === null);
  return true;
}
