import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import type { OutgoingMail } from './mail-outbox';

/** Sends the site's e-mail through the SMTP server at SMTP_URL. */
@Injectable()
export class MailTransport implements BeforeApplicationShutdown {
  private readonly transporter: Transporter;
  private readonly from: string;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.transporter = createTransport(env.smtpUrl);
    this.from = env.mailFrom;
  }

  /** Sends the message with its own Message-ID (nodemailer would make a new one for each try); resolves once accepted. */
  async send(message: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...message });
  }

  beforeApplicationShutdown(): void {
    this.transporter.close();
  }
}
