import { Injectable } from '@nestjs/common';
import {
  type CommentPostedV1,
  commentKey,
  PAGE_ITEMS,
  pageId,
  partitionId,
  rememberApplied,
  type RepliesMarkedReadV1,
  type ReplyIndexReadModel,
  type ReplyInboxReadModel,
  type ReplyPageReadModel,
  SocialEventType,
  SocialReadModelCollection,
} from '@shelf/contracts';
import type { LogPlace, ProjectionContext, Projector, SharedStores } from '../../engine';
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

/** Whether the inbox has applied the event: by its place in its partition, or (out of log order) by its id. */
const applied = (inbox: ReplyInboxReadModel, event: Handled, place: LogPlace | null) =>
  inbox.applied.includes(event.id) || (place !== null && (inbox.positions?.[partitionId(place.partition)] ?? 0) >= place.seq);

/** The head's memory of applied events once it has applied the event. */
const remember = (inbox: ReplyInboxReadModel, event: Handled, place: LogPlace | null) => ({
  applied: rememberApplied(inbox.applied, event.id),
  positions: place === null ? (inbox.positions ?? {}) : { ...inbox.positions, [partitionId(place.partition)]: place.seq },
});

/**
 * Reply notifications in the bucket pattern: a head per reader (count, unread count, read mark), the replies in pages
 * (rm_reply_pages) and where each reply is (rm_reply_index). Replies come from every thread's partition and read marks
 * from the reader's, so an inbox's writers take turns under the inbox's lease (BatchModels.exclusive); the head
 * remembers per partition the position of the last event it applied, so an event applied again counts once, however
 * many came meanwhile. The pages are written before the head (data before marks). A reply deleted or removed leaves
 * the unread count (and comes back when restored), so the badge never promises a reply that is gone. It runs after the
 * comment threads, so that by the time the badge says there is a reply, Reply Notifications (which shows it from its
 * thread) has it too. The reader's badge follows each change.
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
  readonly owns = [C.ReplyPages, C.ReplyIndex, C.ReplyInboxes];
  readonly shared = this.owns;

  async apply(event: Handled, context: ProjectionContext): Promise<void> {
    const { place, push, models } = context;
    if (event.type !== SocialEventType.CommentPosted && event.type !== SocialEventType.RepliesMarkedRead) return this.visibility(event, context);
    const userId = event.type === SocialEventType.CommentPosted ? replyRecipient(event) : event.data.user_id;
    if (userId === null) return;
    const changed = await models.exclusive(`inbox:${userId}`, this.owns, async (stores) => {
      const inbox = { ...emptyInbox(userId), ...(await stores<ReplyInboxReadModel>(C.ReplyInboxes).findOne({ _id: userId })) };
      if (applied(inbox, event, place)) return false;
      const next = event.type === SocialEventType.CommentPosted ? await this.reply(stores, inbox, event, place) : await this.read(stores, inbox, event.occurredAt);
      // Every field, so that a head a read mark creates has its counters too. A read mark older than the head's is
      // remembered all the same: marks come from many partitions, in no fixed order, and the head must end the same
      // whatever the order (a rebuild applies them in another).
      const { _id, ...head } = { ...inbox, ...next, ...remember(inbox, event, place) };
      await stores<ReplyInboxReadModel>(C.ReplyInboxes).updateOne({ _id }, { $set: head }, { upsert: true });
      return next !== null;
    });
    if (changed) push({ kind: 'badges', userId });
  }

  private async reply(stores: SharedStores, inbox: ReplyInboxReadModel, event: CommentPostedV1, place: LogPlace | null) {
    // Until the head counts it, a retry puts the reply in the same place again.
    const entry = replyEntry(event, inbox.count, place);
    const page = Math.floor(entry.seq / PAGE_ITEMS);
    await stores<ReplyPageReadModel>(C.ReplyPages).updateOne({ _id: pageId(inbox._id, page) }, { $set: { [`replies.${commentKey(entry.comment_id)}`]: entry } }, { upsert: true });
    await stores<ReplyIndexReadModel>(C.ReplyIndex).replaceOne({ _id: entry.comment_id }, { user_id: inbox._id, page }, { upsert: true });
    return countReply(inbox, entry, page);
  }

  /** Reads the pages from the first that may hold an unread reply: as many as the replies newer than the last mark. */
  private async read(stores: SharedStores, inbox: ReplyInboxReadModel, at: string) {
    if (inbox.read_up_to !== null && inbox.read_up_to >= at) return null;
    const first = inbox.first_unread_page ?? Math.ceil(inbox.count / PAGE_ITEMS);
    const last = Math.floor((inbox.count - 1) / PAGE_ITEMS);
    const pages: ReplyPageReadModel[] = [];
    for (let page = first; page <= last; page++) {
      const doc = await stores<ReplyPageReadModel>(C.ReplyPages).findOne({ _id: pageId(inbox._id, page) });
      pages.push(doc ?? { _id: pageId(inbox._id, page), replies: {} });
    }
    return countRead(inbox, at, pages.map((page) => Object.values(page.replies)), first);
  }

  /**
   * A comment deleted, removed or restored: when it is a reply in somebody's inbox, the reply is marked so and the
   * unread count follows. The head is written before the page, whose entry's stream version is the last mark: after a
   * crash between the two, the head has applied the event (and counts nothing again) while the page, still behind,
   * takes it.
   */
  private async visibility(event: ReplyVisibilityEvent, { place, push, models }: ProjectionContext): Promise<void> {
    const where = await models.collection<ReplyIndexReadModel>(C.ReplyIndex).findOne({ _id: event.data.comment_id });
    if (!where) return;
    const userId = where.user_id;
    const changed = await models.exclusive(`inbox:${userId}`, this.owns, async (stores) => {
      const id = pageId(userId, where.page);
      const key = commentKey(event.data.comment_id);
      const [head, page] = await Promise.all([stores<ReplyInboxReadModel>(C.ReplyInboxes).findOne({ _id: userId }), stores<ReplyPageReadModel>(C.ReplyPages).findOne({ _id: id })]);
      const entry = page?.replies[key];
      const next = entry && reduceReplyVisibility(entry, event);
      if (!head || !entry || !next) return false;
      let counted = false;
      if (!applied(head, event, place)) {
        const counts = countVisibility(head, entry, next, where.page);
        const { _id, ...rest } = { ...head, ...counts, ...remember(head, event, place) };
        await stores<ReplyInboxReadModel>(C.ReplyInboxes).updateOne({ _id }, { $set: rest });
        counted = counts !== null;
      }
      await stores<ReplyPageReadModel>(C.ReplyPages).updateOne({ _id: id }, { $set: { [`replies.${key}`]: next } });
      return counted;
    });
    if (changed) push({ kind: 'badges', userId });
  }
}
