import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { SendMailJobV1 } from '@shelf/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/** Sends the site's e-mail through the SMTP server at SMTP_URL. */
@Injectable()
export class MailTransport implements BeforeApplicationShutdown {
  private readonly transporter: Transporter;
  private readonly from: string;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.transporter = createTransport(env.smtpUrl);
    this.from = env.mailFrom;
  }

  async send(message: SendMailJobV1): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...message });
  }

  beforeApplicationShutdown(): void {
    this.transporter.close();
  }
}
