import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type CommentPostedV1, type RepliesMarkedReadV1, type ReplyInboxReadModel, SocialEventType, SocialReadModelCollection } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import { CollectionDocuments, documentLocks, type Documents, MemoryDocuments } from '../documents';
import type { Projector } from '../projector';
import { emptyInbox, recordRead, recordReply, replyRecipient } from './reply-inbox-reducers';

type Handled = CommentPostedV1 | RepliesMarkedReadV1;

/** Reply notifications: one inbox per reader (rm_reply_inboxes); the reader's badge follows each change. */
@Injectable()
export class ReplyInboxProjector implements Projector {
  readonly name = 'reply-inbox';
  readonly handles = [SocialEventType.CommentPosted, SocialEventType.RepliesMarkedRead];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly badges: BadgeNotifier,
  ) {}

  private get collection() {
    return this.connection.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes);
  }

  async apply(event: Handled): Promise<void> {
    const changed = await project(new CollectionDocuments(this.collection, documentLocks(this.connection.db!)), event);
    if (changed) await this.badges.notify([changed._id], { inbox: changed });
  }

  async rebuild(events: Handled[]): Promise<void> {
    const inboxes = new MemoryDocuments<ReplyInboxReadModel>();
    for (const event of events) await project(inboxes, event);
    await inboxes.writeTo(this.collection);
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
