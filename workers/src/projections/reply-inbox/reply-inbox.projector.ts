import { Injectable } from '@nestjs/common';
import { type CommentPostedV1, type RepliesMarkedReadV1, type ReplyInboxReadModel, SocialEventType, SocialReadModelCollection } from '@shelf/contracts';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import { CollectionDocuments, documentLocks, type Documents } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { emptyInbox, recordRead, recordReply, replyRecipient } from './reply-inbox-reducers';

type Handled = CommentPostedV1 | RepliesMarkedReadV1;

/** Reply notifications: one inbox per reader (rm_reply_inboxes); the reader's badge follows each change. */
@Injectable()
export class ReplyInboxProjector implements Projector {
  readonly name = 'reply-inbox';
  readonly handles = [SocialEventType.CommentPosted, SocialEventType.RepliesMarkedRead];
  readonly owns = [SocialReadModelCollection.ReplyInboxes];

  constructor(
    private readonly readModels: ReadModels,
    private readonly badges: BadgeNotifier,
  ) {}

  async apply(event: Handled): Promise<void> {
    const inboxes = this.readModels.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes);
    const changed = await project(new CollectionDocuments(inboxes, documentLocks(this.readModels.db)), event);
    if (changed) await this.badges.notify([changed._id], { inbox: changed });
  }

}

/** Applies one event; returns the inbox it changed, if any. */
async function project(inboxes: Documents<ReplyInboxReadModel>, event: Handled): Promise<ReplyInboxReadModel | null> {
  const userId = event.type === SocialEventType.CommentPosted ? replyRecipient(event) : event.data.user_id;
  if (userId === null) return null;
  return inboxes.exclusive(userId, async () => {
    const current = await inboxes.get(userId);
    const base = current ?? emptyInbox(userId);
    const next = event.type === SocialEventType.CommentPosted ? recordReply(base, event) : recordRead(base, event.occurredAt);
    if (next === base) return null;
    await inboxes.put(next, current === null);
    return next;
  });
}
