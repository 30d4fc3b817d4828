import type { LivePushRequest, MailMessage } from '@shelf/contracts';

/**
 * The projection engine's ports: how a batch's side effects (ProjectionContext.push and .mail) leave the engine once
 * its writes are stored. The engine knows neither sockets nor mail; the module that composes the workers binds each
 * token to an adapter (WorkersModule: LIVE_PUSHES to realtime/LiveDelivery, MAIL_OUTBOX to mail/MailOutbox).
 */

/** Where a batch's live pushes go, in the order the projectors queued them. */
export interface LivePushes {
  deliver(requests: readonly LivePushRequest[]): Promise<void>;
}

/** Where a batch's e-mails go: recorded once per key however often they are asked for, then sent. */
export interface MailOutboxPort {
  enqueue(key: string, message: MailMessage): Promise<void>;
}

/** Nest injection token of the LivePushes port. */
export const LIVE_PUSHES = Symbol('LIVE_PUSHES');
/** Nest injection token of the MailOutboxPort port. */
export const MAIL_OUTBOX = Symbol('MAIL_OUTBOX');
