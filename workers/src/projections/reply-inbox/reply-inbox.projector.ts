import { Injectable } from '@nestjs/common';
import {
  type CommentPostedV1,
  commentKey,
  PAGE_ITEMS,
  pageId,
  rememberApplied,
  type RepliesMarkedReadV1,
  type ReplyIndexReadModel,
  type ReplyInboxReadModel,
  type ReplyPageReadModel,
  SocialEventType,
  SocialReadModelCollection,
} from '@shelf/contracts';
import { BadgeNotifier } from '../../realtime/badge-notifier';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import {
  countRead,
  countReply,
  countVisibility,
  emptyInbox,
  reduceReplyVisibility,
  replyEntry,
  replyRecipient,
  type ReplyVisibilityEvent,
} from './reply-inbox-reducers';

type Handled = CommentPostedV1 | RepliesMarkedReadV1 | ReplyVisibilityEvent;

const C = SocialReadModelCollection;

/**
 * Reply notifications in the bucket pattern: a head per reader (count, unread count, read mark), the replies in pages
 * (rm_reply_pages) and where each reply is (rm_reply_index). Replies come from every thread's partition and read marks
 * from the reader's, so an inbox's writers take turns (ReadModels.exclusive); the head remembers the events it counted,
 * so a retried one counts once. A reply deleted or removed leaves the unread count (and comes back when restored), so
 * the badge never promises a reply that is gone. It runs after the comment threads, so that by the time the badge
 * says there is a reply, Reply Notifications (which shows it from its thread) has it too. The reader's badge follows
 * each change.
 */
@Injectable()
export class ReplyInboxProjector implements Projector {
  readonly name = 'reply-inbox';
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.RepliesMarkedRead,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentRemovedByOperator,
    SocialEventType.CommentRestored,
  ];
  readonly after = ['comment-threads'];
  readonly owns = [C.ReplyInboxes, C.ReplyPages, C.ReplyIndex];
  readonly shared = this.owns;

  constructor(
    private readonly readModels: ReadModels,
    private readonly badges: BadgeNotifier,
  ) {}

  async apply(event: Handled): Promise<void> {
    if (event.type !== SocialEventType.CommentPosted && event.type !== SocialEventType.RepliesMarkedRead) return this.visibility(event);
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
    await this.index.replaceOne({ _id: entry.comment_id }, { user_id: inbox._id, page }, { upsert: true });
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

  /**
   * A comment deleted, removed or restored: when it is a reply in somebody's inbox, the reply is marked so and the
   * unread count follows. The head is written before the page: after a crash between the two, the head remembers the
   * event (and counts nothing again) while the page, still behind, takes it.
   */
  private async visibility(event: ReplyVisibilityEvent): Promise<void> {
    const place = await this.index.findOne({ _id: event.data.comment_id });
    if (!place) return;
    const userId = place.user_id;
    const changed = await this.readModels.exclusive(`inbox:${userId}`, async () => {
      const id = pageId(userId, place.page);
      const key = commentKey(event.data.comment_id);
      const [head, page] = await Promise.all([this.heads.findOne({ _id: userId }), this.pages.findOne({ _id: id })]);
      const entry = page?.replies[key];
      const next = entry && reduceReplyVisibility(entry, event);
      if (!head || !entry || !next) return null;
      let counted: ReplyInboxReadModel | null = null;
      if (!head.applied.includes(event.id)) {
        const counts = countVisibility(head, entry, next, place.page);
        const { _id, ...rest } = { ...head, ...counts, applied: rememberApplied(head.applied, event.id) };
        await this.heads.updateOne({ _id }, { $set: rest });
        if (counts) counted = { _id, ...rest };
      }
      await this.pages.updateOne({ _id: id }, { $set: { [`replies.${key}`]: next } });
      return counted;
    });
    if (changed) await this.badges.notify([userId], { inbox: changed });
  }

  private get heads() {
    return this.readModels.collection<ReplyInboxReadModel>(C.ReplyInboxes);
  }

  private get pages() {
    return this.readModels.collection<ReplyPageReadModel>(C.ReplyPages);
  }

  private get index() {
    return this.readModels.collection<ReplyIndexReadModel>(C.ReplyIndex);
  }
}
