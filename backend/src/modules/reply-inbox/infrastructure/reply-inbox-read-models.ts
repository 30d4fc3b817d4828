import { Injectable } from '@nestjs/common';
import { type ById, type ReadModelReads, ReplyInbox } from '@shelf/read-model-formats';
import { ReadModels } from '../../../platform/read-models';

/** A reader's reply inbox, by user id: its parts and read mark (read-model-formats' ReplyInbox). */
@Injectable()
export class ReplyInboxReadModels {
  constructor(private readonly readModels: ReadModels) {}

  inbox(userId: string): Promise<ReplyInbox> {
    // A store collection answers the reads ReplyInbox makes (`WithId<T>` is its T, which has an `_id` already).
    return ReplyInbox.open(<T extends ById>(name: string) => this.readModels.collection(name) as unknown as ReadModelReads<T>, userId);
  }

  async unreadCount(userId: string): Promise<number> {
    return (await this.inbox(userId)).unreadCount();
  }
}
