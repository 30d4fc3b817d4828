import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  CatalogEventType,
  type ChapterPublishedV1,
  type LikedUpdatesCheckedV1,
  type ReaderLikesReadModel,
  SocialEventType,
  SocialReadModelCollection,
  type StoryLikeEvent,
  type StoryLikesReadModel,
} from '@shelf/contracts';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import { CollectionDocuments, documentLocks, type Documents } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { emptyReaderLikes, emptyStoryLikes, recordChecked, recordUpdate, reduceReaderLikes, reduceStoryLikes } from './story-like-reducers';

type Handled = StoryLikeEvent | ChapterPublishedV1 | LikedUpdatesCheckedV1;

interface LikeDocuments {
  stories: Documents<StoryLikesReadModel>;
  readers: Documents<ReaderLikesReadModel>;
}

/**
 * Story likes: who likes each book and its like count (rm_story_likes; the search projector copies the count into the
 * index), and each reader's liked stories with their unchecked updates (rm_reader_likes). One projector owns both,
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

  readonly owns = [SocialReadModelCollection.StoryLikes, SocialReadModelCollection.ReaderLikes];

  constructor(
    private readonly readModels: ReadModels,
    private readonly badges: BadgeNotifier,
  ) {}

  private collection<T extends { _id: string }>(name: string) {
    return this.readModels.collection<T>(name);
  }

  async apply(event: Handled): Promise<void> {
    const changedReaders = await project(
      {
        stories: new CollectionDocuments(this.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes)),
        readers: new CollectionDocuments(this.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes), documentLocks(this.readModels.db)),
      },
      event,
    );
    await this.badges.notify(changedReaders);
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
      if (nextStory !== story) await docs.stories.put(nextStory, story === null);
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
  return readers.exclusive(userId, async () => {
    const current = await readers.get(userId);
    const base = current ?? emptyReaderLikes(userId);
    const next = change(base);
    if (next === base) return false;
    await readers.put(next, current === null);
    return true;
  });
}
