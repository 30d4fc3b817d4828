import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type MuteLists } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { AccountDirectory } from '../../accounts';
import { decideMute, decideUnmute, refuseSelf } from '../domain/mute-decisions';
import { MuteReaderCommand, UnmuteReaderCommand } from './mute.commands';

/** Resolves with the reader's lists after `library.reader-muted.v1` / `-blocked.v1` is appended (or nothing was to be). */
@CommandHandler(MuteReaderCommand)
export class MuteReaderHandler implements ICommandHandler<MuteReaderCommand, MuteLists> {
  constructor(
    private readonly store: EventStore,
    private readonly directory: AccountDirectory,
  ) {}

  async execute({ userId, targetId, relation }: MuteReaderCommand): Promise<MuteLists> {
    refuseSelf({ userId, targetId, relation });
    const target = await this.directory.find(targetId);
    const request = { userId, targetId, relation, targetName: target?.username ?? null, now: new Date().toISOString() };
    return appendDecision(this.store, libraryStreams.mutes(userId), (history) => decideMute(history, request), eventMetadata(userId));
  }
}

/** Resolves with the reader's lists after `library.reader-unmuted.v1` / `-unblocked.v1` is appended (or nothing was to be). */
@CommandHandler(UnmuteReaderCommand)
export class UnmuteReaderHandler implements ICommandHandler<UnmuteReaderCommand, MuteLists> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId, targetId, relation }: UnmuteReaderCommand): Promise<MuteLists> {
    return appendDecision(this.store, libraryStreams.mutes(userId), (history) => decideUnmute(history, { userId, targetId, relation }), eventMetadata(userId));
  }
}
