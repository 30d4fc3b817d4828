import { Injectable } from '@nestjs/common';
import {
  type CommentPostedV1,
  commentKey,
  PAGE_ITEMS,
  pageId,
  rememberApplied,
  type RepliesMarkedReadV1,
  type ReplyInboxReadModel,
  type ReplyPageReadModel,
  SocialEventType,
  SocialReadModelCollection,
} from '@shelf/contracts';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { countRead, countReply, emptyInbox, replyEntry, replyRecipient } from './reply-inbox-reducers';

type Handled = CommentPostedV1 | RepliesMarkedReadV1;

/**
 * Reply notifications in the bucket pattern: a head per reader (count, unread count, read mark) and the replies in
 * pages (rm_reply_pages). Replies come from every thread's partition and read marks from the reader's, so an inbox's
 * writers take turns (ReadModels.exclusive); the head remembers the replies it counted, so a retried one counts once. The
 * reader's badge follows each change.
 */
@Injectable()
export class ReplyInboxProjector implements Projector {
  readonly name = 'reply-inbox';
  readonly handles = [SocialEventType.CommentPosted, SocialEventType.RepliesMarkedRead];
  readonly owns = [SocialReadModelCollection.ReplyInboxes, SocialReadModelCollection.ReplyPages];
  readonly shared = this.owns;

  constructor(
    private readonly readModels: ReadModels,
    private readonly badges: BadgeNotifier,
  ) {}

  async apply(event: Handled): Promise<void> {
    const userId = event.type === SocialEventType.CommentPosted ? replyRecipient(event) : event.data.user_id;
    if (userId === null) return;
    const changed = await this.readModels.exclusive(`inbox:${userId}`, async () => {
      const inbox = { ...emptyInbox(userId), ...(await this.heads.findOne({ _id: userId })) };
      const next = event.type === SocialEventType.CommentPosted ? await this.reply(inbox, event) : await this.read(inbox, event.occurredAt);
      if (!next) return null;
      // Every field, so that a head a read mark creates has its counters too.
      const { _id, ...head } = { ...inbox, ...next, applied: rememberApplied(inbox.applied, event.id) };
      await this.heads.updateOne({ _id }, { $set: head }, { upsert: true });
      return { _id, ...head };
    });
    if (changed) await this.badges.notify([userId], { inbox: changed });
  }

  private async reply(inbox: ReplyInboxReadModel, event: CommentPostedV1) {
    if (inbox.applied.includes(event.id)) return null;
    // Until the head counts it, a retry puts the reply in the same place again.
    const entry = replyEntry(event, inbox.count);
    const page = Math.floor(entry.seq / PAGE_ITEMS);
    await this.pages.updateOne({ _id: pageId(inbox._id, page) }, { $set: { [`replies.${commentKey(entry.comment_id)}`]: entry } }, { upsert: true });
    return countReply(inbox, entry, page);
  }

  /** Reads the pages from the first that may hold an unread reply: as many as the replies newer than the last mark. */
  private async read(inbox: ReplyInboxReadModel, at: string) {
    if (inbox.read_up_to !== null && inbox.read_up_to >= at) return null;
    const first = inbox.first_unread_page ?? Math.ceil(inbox.count / PAGE_ITEMS);
    const last = Math.floor((inbox.count - 1) / PAGE_ITEMS);
    const pages: ReplyPageReadModel[] = [];
    for (let page = first; page <= last; page++) {
      const doc = await this.pages.findOne({ _id: pageId(inbox._id, page) });
      pages.push(doc ?? { _id: pageId(inbox._id, page), replies: {} });
    }
    return countRead(inbox, at, pages.map((page) => Object.values(page.replies)), first);
  }

  private get heads() {
    return this.readModels.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes);
  }

  private get pages() {
    return this.readModels.collection<ReplyPageReadModel>(SocialReadModelCollection.ReplyPages);
  }
}
