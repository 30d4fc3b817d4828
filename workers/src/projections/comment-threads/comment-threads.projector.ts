import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type CommentEvent,
  type CommentThreadReadModel,
  SocialEventType,
  SocialReadModelCollection,
  threadId,
  toCommentView,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { LiveEmitter } from '../../realtime/live-emitter';
import { CollectionDocuments, type Documents, MemoryDocuments } from '../documents';
import type { Projector } from '../projector';
import { emptyThread, reduceThread, threadOf, type ThreadChange } from './comment-thread-reducers';

/** Projects comments into one document per thread (rm_comment_threads) and tells the thread's open pages. */
@Injectable()
export class CommentThreadsProjector implements Projector {
  readonly name = 'comment-threads';
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.CommentEdited,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentReported,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentLiked,
    SocialEventType.CommentUnliked,
  ];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly live: LiveEmitter,
  ) {}

  private get collection() {
    return this.connection.collection<CommentThreadReadModel>(SocialReadModelCollection.CommentThreads);
  }

  async apply(event: CommentEvent): Promise<void> {
    const change = await project(new CollectionDocuments(this.collection), event);
    if (!change) return;
    const thread = threadOf(event);
    if (change.kind === 'like-count') this.live.likeCount(thread, change.entry.comment_id, change.entry.like_count);
    else this.live.comment(change.kind, { thread, comment: toCommentView(change.entry) });
  }

  async rebuild(events: CommentEvent[]): Promise<void> {
    const threads = new MemoryDocuments<CommentThreadReadModel>();
    for (const event of events) await project(threads, event);
    await threads.writeTo(this.collection);
  }
}

async function project(threads: Documents<CommentThreadReadModel>, event: CommentEvent): Promise<ThreadChange> {
  const ref = threadOf(event);
  const current = await threads.get(threadId(ref));
  const base = current ?? emptyThread(ref);
  const { thread, change } = reduceThread(base, event);
  if (thread !== base) await threads.put(thread, current === null);
  return change;
}
