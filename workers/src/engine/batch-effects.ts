import { Inject, Injectable } from '@nestjs/common';
import type { LivePushRequest, MailMessage } from '@shelf/contracts';
import { LIVE_PUSHES, type LivePushes, MAIL_OUTBOX, type MailOutboxPort } from './ports';

/** An e-mail a projector asks for: its message, and the key that makes it one message however often it is asked. */
export interface QueuedMail {
  key: string;
  message: MailMessage;
}

/**
 * The side effects projectors queue while they apply a batch (ProjectionContext.push and .mail): nothing reaches
 * readers or the mail outbox while the batch is applied, only once its writes are stored (BatchEffectsDelivery). What
 * an attempt that failed queued is dropped with it.
 */
export class BatchEffects {
  readonly pushes: LivePushRequest[] = [];
  readonly mails: QueuedMail[] = [];

  readonly push = (request: LivePushRequest): void => void this.pushes.push(request);
  readonly mail = (key: string, message: MailMessage): void => void this.mails.push({ key, message });

  /** Takes on what one event's successful application queued. */
  take(attempt: BatchEffects): void {
    this.pushes.push(...attempt.pushes);
    this.mails.push(...attempt.mails);
  }
}

/**
 * Carries out a batch's side effects once its writes are stored: e-mails into the outbox (by key: once), then pushes,
 * through the engine's ports (ports.ts), which the module composing the workers binds.
 */
@Injectable()
export class BatchEffectsDelivery {
  constructor(
    @Inject(MAIL_OUTBOX) private readonly outbox: MailOutboxPort,
    @Inject(LIVE_PUSHES) private readonly live: LivePushes,
  ) {}

  async carryOut(effects: BatchEffects): Promise<void> {
    for (const { key, message } of effects.mails) await this.outbox.enqueue(key, message);
    await this.live.deliver(effects.pushes);
  }
}
