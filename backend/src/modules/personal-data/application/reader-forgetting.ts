import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DIGEST_KINDS, LibraryEventType, libraryStreams } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import type { ErasureStep } from '../../accounts';
import { ChooseDigestCommand, DigestsReadStore } from '../../digests';
import { LikedStoriesReadModels, LikeStoryCommand } from '../../likes';

/**
 * What is the reader's but not personal data, forgotten before their account is erased (AccountErasure runs these
 * steps first, at the erasure and again at `npm run erasures:reapply`): their likes are taken back (the stories'
 * counts drop), their digests turned off, their library (reading places, shelves, saved searches, mutes, feed address)
 * forgotten. Each step does nothing the second time.
 */
@Injectable()
export class ReaderForgetting {
  readonly steps: readonly ErasureStep[] = [
    { name: 'likes taken back', run: (userId) => this.takeLikesBack(userId) },
    { name: 'digests turned off', run: (userId) => this.turnDigestsOff(userId) },
    { name: 'library forgotten', run: (userId) => this.forgetLibrary(userId) },
  ];

  constructor(
    private readonly commands: CommandBus,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly digests: DigestsReadStore,
    private readonly store: EventStore,
  ) {}

  private async takeLikesBack(userId: string): Promise<void> {
    for (const story of await this.likedStories.liked(userId)) await this.commands.execute(new LikeStoryCommand(userId, story.book_id, false));
  }

  private async turnDigestsOff(userId: string): Promise<void> {
    const choices = await this.digests.choices(userId);
    for (const kind of DIGEST_KINDS) {
      if (choices[kind] !== 'none') await this.commands.execute(new ChooseDigestCommand(userId, kind, 'none', choices.time_zone ?? 'UTC', ''));
    }
  }

  private async forgetLibrary(userId: string): Promise<void> {
    await appendDecision(
      this.store,
      libraryStreams.forgotten(userId),
      (history) => ({ outcome: undefined, events: history.length > 0 ? [] : [{ type: LibraryEventType.ReaderForgotten, data: { user_id: userId } }] }),
      eventMetadata(userId),
    );
  }
}
