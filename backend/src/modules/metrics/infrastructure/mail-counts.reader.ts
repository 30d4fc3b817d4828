import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { MailCollection, type MailOutboxDocument } from '@shelf/contracts';
import type { Connection } from 'mongoose';

/**
 * The site's e-mail as the store records it (the workers' mail outbox): sent, recorded but not sent yet, and among
 * those the ones that failed every try (state `failed`), waiting for an operator.
 */
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

  /** Messages that failed every try; kept in the outbox until an operator retries or skips them, so few. */
  failed(): Promise<number> {
    return this.store.collection<MailOutboxDocument>(MailCollection.Outbox).countDocuments({ state: 'failed' });
  }
}
