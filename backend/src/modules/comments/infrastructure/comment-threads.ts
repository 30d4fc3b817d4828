import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type CommentThreadReadModel, SocialReadModelCollection, threadId, type ThreadRef } from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** Reads comment threads (one document each, by id). */
@Injectable()
export class CommentThreads {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  find(thread: ThreadRef): Promise<CommentThreadReadModel | null> {
    return this.findById(threadId(thread));
  }

  findById(id: string): Promise<CommentThreadReadModel | null> {
    return this.connection.collection<CommentThreadReadModel>(SocialReadModelCollection.CommentThreads).findOne({ _id: id });
  }
}
