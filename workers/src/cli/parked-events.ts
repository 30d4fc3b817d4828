import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MailOutbox } from '../mail/mail-outbox';
import { PartitionRunner } from '../engine';
import { WorkersModule } from '../workers.module';

const USAGE = `usage: npm run projections:parked -- list | retry <id>… | retry all | skip <id>…
  what the workers set aside after failing every retry: parked events, and e-mails the SMTP server refused every try
  list   the parked events (id, projector, event, stream and version, when, and the error), then the failed e-mails
         (id, recipient and subject, Message-ID, when, tries, and the error)
  retry  a parked event: applies it again with the rest of its stream's parked events, in order; the stream then flows
         again. A failed e-mail (an id starting with mail-): queues it again with its tries and Message-ID; it is sent once
  skip   a parked event: gives up on it; once none of its stream is parked, the stream's later events flow again.
         A failed e-mail: gives up on it, it leaves the outbox unsent`;

/** `npm run projections:parked`: what the projectors and the mail sender set aside, and the operator's retry or skip. */
async function main(): Promise<number> {
  const [command, ...ids] = process.argv.slice(2);
  if (!['list', 'retry', 'skip'].includes(command ?? '') || (command !== 'list' && ids.length === 0)) {
    console.error(USAGE);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  try {
    const runner = app.get(PartitionRunner);
    const outbox = app.get(MailOutbox);
    const [parked, failedMail] = await Promise.all([runner.parked.list(), outbox.failed()]);
    if (command === 'list') {
      if (parked.length === 0) console.log('No event is parked.');
      for (const doc of parked) {
        console.log(`${doc._id}\n  ${doc.type} ${doc.streamId} v${doc.version}, parked ${doc.parkedAt.toISOString()} after ${doc.attempts} tries\n  ${doc.error.split('\n')[0]}`);
      }
      if (failedMail.length === 0) console.log('No e-mail failed.');
      for (const doc of failedMail) {
        console.log(
          `${doc._id}\n  e-mail to user ${doc.message.userId} "${doc.message.subject}" ${doc.messageId ?? ''}, failed ${doc.failedAt?.toISOString() ?? '?'} after ${doc.attempts ?? 0} tries\n  ${doc.lastError ?? 'no error recorded'}`,
        );
      }
      return 0;
    }
    const mailIds = new Set(failedMail.map((doc) => doc._id));
    const targets = command === 'retry' && ids[0] === 'all' ? [...parked.map((doc) => doc._id), ...mailIds] : ids;
    let failed = 0;
    for (const id of targets) {
      try {
        let outcome: string;
        if (mailIds.has(id)) outcome = command === 'retry' ? await outbox.retry(id) : await outbox.discard(id);
        else outcome = command === 'retry' ? await runner.retryParked(id) : await runner.skipParked(id);
        console.log(`${id}: ${outcome === 'missing' ? 'not parked nor failed (already retried or skipped?)' : outcome}`);
      } catch (error) {
        failed++;
        console.log(`${id}: still failing, left as it was: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return failed > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'ParkedEvents');
    process.exit(1);
  },
);
