import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  MailCollection,
  MailJobName,
  mailJobOptions,
  type MailOutboxDocument,
  type MailSentDocument,
  QueueName,
  type SendMailJobV1,
} from '@shelf/contracts';
import { Queue } from 'bullmq';
import { MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;
/** A message queued this long ago without a job in Redis (Redis lost it, or was away) is queued again. */
const REQUEUE_AFTER_MS = 5000;

/**
 * The site's outgoing e-mail, recorded in the store under an idempotency key before it is queued: the store, not
 * Redis, knows what is still to be sent (mail_outbox) and what was sent (mail_sent).
 */
@Injectable()
export class MailOutbox {
  private readonly logger = new Logger(MailOutbox.name);

  constructor(
    @InjectQueue(QueueName.Mail) private readonly queue: Queue<SendMailJobV1>,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  private get outbox() {
    return this.connection.collection<MailOutboxDocument>(MailCollection.Outbox);
  }

  private get sent() {
    return this.connection.collection<MailSentDocument>(MailCollection.Sent);
  }

  /** Records the message (once per key, never after it was sent) and queues it; the queueing may fail, the record not. */
  async enqueue(key: string, message: SendMailJobV1): Promise<void> {
    if (await this.sent.findOne({ _id: key })) return;
    try {
      await this.outbox.insertOne({ _id: key, message, createdAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    this.queue.add(MailJobName.Send, message, { ...mailJobOptions, jobId: key }).catch(() => undefined);
  }

  /** Sends a queued message unless it was sent already, then records it as sent. */
  async deliver(key: string, message: SendMailJobV1, send: (message: SendMailJobV1) => Promise<void>): Promise<void> {
    if (!(await this.sent.findOne({ _id: key }))) {
      await send(message);
      try {
        await this.sent.insertOne({ _id: key, to: message.to, subject: message.subject, sentAt: new Date() });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    await this.outbox.deleteOne({ _id: key });
  }

  /** Queues again what waits in the outbox with no job in Redis; resolves with how many. Few wait, so it scans. */
  async requeueMissing(): Promise<number> {
    let requeued = 0;
    for (const doc of await this.outbox.find({ createdAt: { $lt: new Date(Date.now() - REQUEUE_AFTER_MS) } }).toArray()) {
      if (await this.sent.findOne({ _id: doc._id })) {
        await this.outbox.deleteOne({ _id: doc._id });
      } else if (!(await this.queue.getJob(doc._id))) {
        await this.queue.add(MailJobName.Send, doc.message, { ...mailJobOptions, jobId: doc._id });
        requeued++;
      }
    }
    if (requeued > 0) this.logger.log(`queued ${requeued} e-mail(s) again from the outbox`);
    return requeued;
  }
}
