import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type ExportedEmail, MailCollection, type MailOutboxDocument, type MailSentDocument } from '@shelf/contracts';
import type { Connection } from 'mongoose';

/**
 * The e-mails to a reader's address, sent (`mail_sent`) and waiting or failed (`mail_outbox`): their subject, state
 * and time, never their text (it holds single-use links). Each is one query that scans its collection, which is keyed
 * by the event that asked for the message.
 */
@Injectable()
export class ReaderMail {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async to(email: string): Promise<ExportedEmail[]> {
    const [sent, waiting] = await Promise.all([
      this.connection
        .collection<MailSentDocument>(MailCollection.Sent)
        .find({ to: email }, { projection: { subject: 1, sentAt: 1 } })
        .toArray(),
      this.connection
        .collection<MailOutboxDocument>(MailCollection.Outbox)
        .find({ 'message.to': email }, { projection: { 'message.subject': 1, state: 1, createdAt: 1 } })
        .toArray(),
    ]);
    const mails: ExportedEmail[] = [
      ...sent.map((doc): ExportedEmail => ({ subject: doc.subject, state: 'sent', at: doc.sentAt.toISOString() })),
      ...waiting.map((doc): ExportedEmail => ({ subject: doc.message.subject, state: doc.state === 'failed' ? 'failed' : 'waiting', at: doc.createdAt.toISOString() })),
    ];
    return mails.sort((a, b) => a.at.localeCompare(b.at));
  }
}
