import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type DigestChoices, type DigestUnsubscribeResponse, libraryStreams } from '@shelf/contracts';
import { readDigestUnsubscribe } from '@shelf/server-config';
import { DomainError } from '../../../domain/domain-error';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { decideDigestChoice, decideDigestUnsubscribe } from '../domain/digest-decisions';
import { ChooseDigestCommand, UnsubscribeDigestCommand } from './digest.commands';

/** Resolves with the reader's digest choices once `library.digest-chosen.v1` is appended (or nothing changed). */
@CommandHandler(ChooseDigestCommand)
export class ChooseDigestHandler implements ICommandHandler<ChooseDigestCommand, DigestChoices> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId, kind, frequency, timeZone, email }: ChooseDigestCommand): Promise<DigestChoices> {
    const choice = { userId, kind, frequency, timeZone, email };
    return appendDecision(this.store, libraryStreams.digests(userId), (history) => decideDigestChoice(history, choice), eventMetadata(userId));
  }
}

export const UNSUBSCRIBED_TEXT = {
  replies: 'You will get no more e-mail digests of replies.',
  chapters: 'You will get no more e-mail digests of new chapters.',
  badToken: 'This unsubscribe link is not valid. Open your profile to change your e-mail digests.',
} as const;

/** Checks the token's signature, then turns its digest off as the reader it names (the event's actor). */
@CommandHandler(UnsubscribeDigestCommand)
export class UnsubscribeDigestHandler implements ICommandHandler<UnsubscribeDigestCommand, DigestUnsubscribeResponse> {
  constructor(
    private readonly store: EventStore,
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
  ) {}

  async execute({ token }: UnsubscribeDigestCommand): Promise<DigestUnsubscribeResponse> {
    const named = readDigestUnsubscribe(this.env.authSecret, token);
    if (!named) throw new DomainError('invalid', UNSUBSCRIBED_TEXT.badToken);
    const { userId, kind } = named;
    await appendDecision(this.store, libraryStreams.digests(userId), (history) => decideDigestUnsubscribe(history, { userId, kind }), eventMetadata(userId));
    return { kind, message: UNSUBSCRIBED_TEXT[kind] };
  }
}
