// A job goes through BullMQ on the real Redis to the workers' mail processor, which sends it through a real SMTP
// exchange to the catcher, where the test reads it back.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MailJobs, mailJobOptions, MailJobName, QueueName } from '@shelf/contracts';
import { testEnv, waitForMail } from '@test/support';
import { Queue, QueueEvents } from 'bullmq';
import { WorkersModule } from '../workers.module';

describe('the mail queue', () => {
  const env = testEnv(__filename);
  const connection = { url: env.REDIS_URL };
  let workers: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    queue = new Queue(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    events = new QueueEvents(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), events.close()]);
    await workers.close();
  });

  it('sends a queued message through SMTP', async () => {
    const message: MailJobs['mail.send.v1'] = {
      to: 'reader@example.test',
      subject: 'Verify your e-mail',
      text: 'Open this link to verify your address.',
    };
    const job = await queue.add(MailJobName.Send, message, mailJobOptions);
    await job.waitUntilFinished(events, 10000);

    const mail = await waitForMail('reader@example.test');
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.text.trim()).toBe('Open this link to verify your address.');
  });

  it('fails a job it has no handler for at once, without retrying it', async () => {
    const job = await queue.add('mail.unknown.v9', {}, mailJobOptions);
    await expect(job.waitUntilFinished(events, 10000)).rejects.toThrow('no handler for job "mail.unknown.v9"');
    const failed = await queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
  });
});
