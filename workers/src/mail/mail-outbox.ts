import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type JobsOptions,
  MailCollection,
  MailJobName,
  mailJobOptions,
  type MailMessage,
  type MailOutboxDocument,
  type MailSentDocument,
  QueueName,
  type SendMailJobV2,
} from '@shelf/contracts';
import { withoutPersonalData } from '@shelf/server-config';
import { Queue, UnrecoverableError } from 'bullmq';
import type { Connection } from 'mongoose';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import type { MailOutboxPort } from '../engine';
import { personalKeysOf } from '../log/personal-keys-of';
import { isDuplicateKey } from '@shelf/event-log';

/** An error's first line, without the address or link an SMTP server may quote: what the outbox, logs and job keep. */
const errorText = (error: unknown) => withoutPersonalData((error instanceof Error ? error.message : String(error)).split('\n')[0]).slice(0, 500);
/** A message queued this long ago without a job in Redis (Redis lost it, or was away) is queued again. */
const REQUEUE_AFTER_MS = 5000;

/** A message as the transport sends it: with the Message-ID every try of it carries. */
export type OutgoingMail = Omit<MailMessage, 'userId'> & { messageId: string };

/**
 * The Message-ID of the outbox entry `key`: `<{key}@{host of PUBLIC_URL}>`, so that every try of one message, a resend
 * after a crash included, carries the same one. Characters a Message-ID may not hold (RFC 5322 dot-atom) become `_`.
 */
export function mailMessageId(key: string, publicUrl: string): string {
  const local = key.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, '_');
  return `<${local}@${new URL(publicUrl).hostname}>`;
}

/**
 * The site's outgoing e-mail, recorded in the store under an idempotency key before it is queued: the store, not
 * Redis, knows what is still to be sent (mail_outbox, with each message's state) and what was sent (mail_sent). A job
 * carries the key alone; the message stays in the outbox, where erasing its account deletes it by user id
 * (forgetUser, from MailErasure): a job whose entry is gone sends nothing, an erased account's message is never sent,
 * and an erased account gets no new entry. This class alone writes mail_outbox and mail_sent.
 *
 * Delivery is at least once, with a stable Message-ID: a message is marked `sending` (with its try count and
 * Message-ID) before each SMTP try, and recorded sent only after the server accepted it. A sender that dies between
 * the server's acceptance and that record leaves it `sending`; its job (stalled in BullMQ, or queued again by the
 * sweep) sends it again with the same Message-ID, which the receiving side can recognise as the same message. That
 * one extra delivery is the accepted price: recording before sending would lose the message instead.
 *
 * The projection engine's MAIL_OUTBOX port (engine/ports.ts), bound to this class in WorkersModule.
 */
@Injectable()
export class MailOutbox implements MailOutboxPort {
  private readonly logger = new Logger(MailOutbox.name);

  constructor(
    @InjectQueue(QueueName.Mail) private readonly queue: Queue<SendMailJobV2>,
    @InjectConnection() private readonly connection: Connection,
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
  ) {}

  private get outbox() {
    return this.connection.collection<MailOutboxDocument>(MailCollection.Outbox);
  }

  private get sent() {
    return this.connection.collection<MailSentDocument>(MailCollection.Sent);
  }

  /**
   * Records the message (once per key, never after it was sent, never for an account erased meanwhile: a batch read
   * before the erasure still holds the address) and queues its key; the queueing may fail, the record not.
   * `jobOptions` are the mail queue's (mailJobOptions) but for a caller that needs other tries (the tests).
   */
  async enqueue(key: string, message: MailMessage, jobOptions: JobsOptions = mailJobOptions): Promise<void> {
    if (await this.sent.findOne({ _id: key })) return;
    try {
      await this.outbox.insertOne({ _id: key, message, createdAt: new Date(), state: 'queued', attempts: 0, messageId: mailMessageId(key, this.env.publicUrl) });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // Asked after the entry is written: an erasure that began before the answer deletes the entry after it (it erases
    // the key, then the account's mail), and one that ended before it is answered here.
    if (await personalKeysOf(this.connection.db!).isErased(message.userId, { fresh: true })) {
      await this.outbox.deleteOne({ _id: key });
      return;
    }
    this.queue.add(MailJobName.Send, { key }, { ...jobOptions, jobId: key }).catch(() => undefined);
  }

  /**
   * Sends the outbox entry `key` unless it was sent already: marks it `sending` (one more try, its Message-ID), sends
   * it, then records it as sent and takes it out of the outbox. A refused try marks it `queued` again with the error,
   * or `failed` when it was the job's last (`lastTry`): it then waits for an operator. A job of a message marked
   * `failed` sends nothing (one that ran again after its process died between that mark and the job's failure, or a
   * failed job retried from the queue dashboard): the operator's retry is `retry`, which starts a fresh job. A job
   * whose entry is gone (its account erased, or an operator skipped it) sends nothing and is done. A refusal is thrown
   * again without the address or link the server may have quoted (`errorText`), since BullMQ keeps it with the job.
   */
  async deliver(key: string, send: (mail: OutgoingMail) => Promise<unknown>, lastTry: boolean): Promise<void> {
    if (await this.sent.findOne({ _id: key })) {
      await this.outbox.deleteOne({ _id: key });
      return;
    }
    const found = await this.outbox.findOne({ _id: key });
    if (!found) return;
    // Its account erased, and the erasure not projected yet (forgetUser): never sent.
    if (found.message.userId && (await personalKeysOf(this.connection.db!).isErased(found.message.userId, { fresh: true }))) {
      await this.outbox.deleteOne({ _id: key });
      return;
    }
    if (found.state === 'failed') throw new UnrecoverableError(`e-mail ${key} failed every try; an operator retries it with \`npm run projections:parked -- retry ${key}\``);
    const messageId = found.messageId ?? mailMessageId(key, this.env.publicUrl);
    if (found.state === 'sending') {
      this.logger.warn(`sending e-mail ${key} again with Message-ID ${messageId}: a try began at ${found.triedAt?.toISOString()} and its answer was never recorded`);
    }
    // No upsert: an entry deleted meanwhile (an erasure) stays deleted, and the job sends nothing.
    const marked = await this.outbox.findOneAndUpdate({ _id: key }, { $set: { state: 'sending', messageId, triedAt: new Date() }, $inc: { attempts: 1 } }, { returnDocument: 'after' });
    if (!marked) return;
    const { userId, ...mail } = marked.message;
    try {
      await send({ ...mail, messageId });
    } catch (error) {
      const lastError = errorText(error);
      await this.outbox.updateOne({ _id: key }, { $set: lastTry ? { state: 'failed', lastError, failedAt: new Date() } : { state: 'queued', lastError } });
      if (lastTry) this.logger.error(`e-mail ${key} failed every try (${lastError}); retry it with \`npm run projections:parked -- retry ${key}\``);
      throw new Error(lastError);
    }
    try {
      await this.sent.insertOne({ _id: key, userId, to: mail.to, subject: mail.subject, sentAt: new Date(), messageId, attempts: marked.attempts ?? 1 });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await this.outbox.deleteOne({ _id: key });
  }

  /**
   * Names the account on the messages recorded before messages named their account (found by the address), while
   * the address can still be read: the account asked to be erased (MailErasure), so forgetUser finds them by its id.
   */
  async nameOlderMail(userId: string, email: string): Promise<void> {
    await this.outbox.updateMany({ 'message.to': email, 'message.userId': { $exists: false } }, { $set: { 'message.userId': userId } });
    await this.sent.updateMany({ to: email, userId: { $exists: false } }, { $set: { userId } });
  }

  /**
   * Deletes an erased account's messages, sent or waiting (they hold the address, the name and live links), and their
   * jobs, by user id alone: the same whether run first or again. Jobs go first, so one broken off between the two is
   * found again by its entry; a job queued again meanwhile by the sweep finds its entry gone and sends nothing. A job
   * being sent at that moment cannot be removed (it is locked): `deliver` refuses an erased account's message.
   */
  async forgetUser(userId: string): Promise<void> {
    const keys = [
      ...(await this.outbox.find({ 'message.userId': userId }, { projection: { _id: 1 } }).toArray()),
      ...(await this.sent.find({ userId }, { projection: { _id: 1 } }).toArray()),
    ].map((doc) => doc._id);
    for (const key of keys) await this.queue.remove(key);
    await this.outbox.deleteMany({ 'message.userId': userId });
    await this.sent.deleteMany({ userId });
  }

  /**
   * Looks after what waits in the outbox: queues again what has no job in Redis (Redis lost it, or was away), marks
   * `failed` what BullMQ failed without the sender marking it (its process died, or the store was away, at the last
   * try), and drops what was sent. Failed messages are left to the operator. Resolves with how many it queued. Few
   * wait, so it scans.
   */
  async requeueMissing(): Promise<number> {
    let requeued = 0;
    for (const doc of await this.outbox.find({ createdAt: { $lt: new Date(Date.now() - REQUEUE_AFTER_MS) } }).toArray()) {
      if (doc.state === 'failed') continue;
      if (await this.sent.findOne({ _id: doc._id })) {
        await this.outbox.deleteOne({ _id: doc._id });
        continue;
      }
      const job = await this.queue.getJob(doc._id);
      if (!job) {
        await this.queue.add(MailJobName.Send, { key: doc._id }, { ...mailJobOptions, jobId: doc._id });
        requeued++;
      } else if (await job.isFailed()) {
        await this.outbox.updateOne({ _id: doc._id, state: doc.state }, { $set: { state: 'failed', lastError: withoutPersonalData(job.failedReason || doc.lastError || 'failed'), failedAt: new Date() } });
      }
    }
    if (requeued > 0) this.logger.log(`queued ${requeued} e-mail(s) again from the outbox`);
    return requeued;
  }

  /**
   * Cuts the jobs queued before v2 (`mail.send.v1`, holding their whole message) to their key, wherever they wait or
   * were kept (failed ones for good, completed ones for a day): their message is in the outbox. Resolves with how many.
   */
  async cutOldJobs(): Promise<number> {
    let cut = 0;
    for (const job of await this.queue.getJobs(['waiting', 'prioritized', 'delayed', 'failed', 'completed'])) {
      if (job?.name !== MailJobName.SendV1) continue;
      await job.updateData({ key: job.id! });
      cut++;
    }
    return cut;
  }

  /** The messages that failed every try, oldest first; few by nature, so found by a scan. */
  async failed(): Promise<MailOutboxDocument[]> {
    const docs = await this.outbox.find({ state: 'failed' }).toArray();
    return docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /**
   * An operator's retry of a failed message: its failed job is removed, it is marked `queued` and queued with the
   * mail queue's tries; it keeps its Message-ID. `missing` when it is not failed (sent, retried already, or unknown).
   * A message whose queueing fails (Redis away) is queued by the workers' sweep once Redis answers.
   */
  async retry(key: string): Promise<'requeued' | 'missing'> {
    const doc = await this.outbox.findOne({ _id: key });
    if (doc?.state !== 'failed') return 'missing';
    // The job first: while the message is `failed` the sweep leaves it alone, and once it is `queued` without a job
    // the sweep may queue it too, under the same job id (one job either way).
    await (await this.queue.getJob(key))?.remove();
    await this.outbox.updateOne({ _id: key, state: 'failed' }, { $set: { state: 'queued' }, $unset: { failedAt: '' } });
    await this.queue.add(MailJobName.Send, { key }, { ...mailJobOptions, jobId: key }).catch((error: unknown) => {
      this.logger.warn(`e-mail ${key} is marked to be sent again, but could not be queued (${errorText(error)}): the workers queue it once Redis answers`);
    });
    return 'requeued';
  }

  /** An operator gives up on a failed message: it leaves the outbox unsent, with its job. `missing` when it is not failed. */
  async discard(key: string): Promise<'discarded' | 'missing'> {
    const doc = await this.outbox.findOne({ _id: key });
    if (doc?.state !== 'failed') return 'missing';
    await (await this.queue.getJob(key))?.remove();
    await this.outbox.deleteOne({ _id: key, state: 'failed' });
    return 'discarded';
  }
}
