import { Injectable } from '@nestjs/common';
import {
  type CommentEvent,
  type CommentThreadReadModel,
  SocialEventType,
  SocialReadModelCollection,
  threadId,
  toCommentView,
} from '@shelf/contracts';
import { LiveEmitter } from '../../realtime/live-emitter';
import { CollectionDocuments, type Documents } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
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
  readonly owns = [SocialReadModelCollection.CommentThreads];

  constructor(
    private readonly readModels: ReadModels,
    private readonly live: LiveEmitter,
  ) {}

  private get collection() {
    return this.readModels.collection<CommentThreadReadModel>(SocialReadModelCollection.CommentThreads);
  }

  async apply(event: CommentEvent): Promise<void> {
    const change = await project(new CollectionDocuments(this.collection), event);
    if (!change || this.readModels.rebuilding) return;
    const thread = threadOf(event);
    if (change.kind === 'like-count') this.live.likeCount(thread, change.entry.comment_id, change.entry.like_count);
    else this.live.comment(change.kind, { thread, comment: toCommentView(change.entry) });
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
