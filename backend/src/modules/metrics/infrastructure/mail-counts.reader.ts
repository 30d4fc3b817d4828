import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { MailCollection } from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** The site's e-mail as the store records it (the workers' mail outbox): sent, and recorded but not sent yet. */
@Injectable()
export class MailCountsReader {
  constructor(@InjectConnection() private readonly store: Connection) {}

  /** Sent messages: one record each, kept for good, so the count comes from the collection's metadata, not a scan. */
  sent(): Promise<number> {
    return this.store.collection(MailCollection.Sent).estimatedDocumentCount();
  }

  /** Messages waiting to be sent; few at a time, so counted exactly. */
  waiting(): Promise<number> {
    return this.store.collection(MailCollection.Outbox).countDocuments();
  }
}
