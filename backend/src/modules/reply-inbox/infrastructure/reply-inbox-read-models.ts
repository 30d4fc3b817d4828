import { Injectable } from '@nestjs/common';
import { ReplyInbox } from '@shelf/read-model-formats';
import { ReadModels } from '../../../platform/read-models';

/** A reader's reply inbox, by user id: its parts and read mark (read-model-formats' ReplyInbox). */
@Injectable()
export class ReplyInboxReadModels {
  constructor(private readonly readModels: ReadModels) {}

  inbox(userId: string): Promise<ReplyInbox> {
    return ReplyInbox.open((name) => this.readModels.collection(name), userId);
  }

  async unreadCount(userId: string): Promise<number> {
    return (await this.inbox(userId)).unreadCount();
  }
}
