import { Injectable } from '@nestjs/common';
import { type CommentThreadReadModel, SocialReadModelCollection, threadId, type ThreadRef } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** Reads comment threads (one document each, by id). */
@Injectable()
export class CommentThreads {
  constructor(private readonly readModels: ReadModels) {}

  find(thread: ThreadRef): Promise<CommentThreadReadModel | null> {
    return this.findById(threadId(thread));
  }

  findById(id: string): Promise<CommentThreadReadModel | null> {
    return this.readModels.collection<CommentThreadReadModel>(SocialReadModelCollection.CommentThreads).findOne({ _id: id });
  }
}
