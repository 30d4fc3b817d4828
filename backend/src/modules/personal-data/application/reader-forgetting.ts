import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DIGEST_KINDS, LibraryEventType, libraryStreams } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import type { ErasureStep } from '../../accounts';
import { EraseCommentAuthorCommand } from '../../comments';
import { ChooseDigestCommand, DigestsReadStore } from '../../digests';
import { LikedStoriesReadModels, LikeStoryCommand } from '../../likes';
import { ReaderActivityReadStore } from '../infrastructure/reader-activity-read-store';

/**
 * What is the reader's but not personal data, forgotten before their account is erased (AccountErasure runs these
 * steps first, at the erasure and again at `npm run erasures:reapply`): their likes are taken back (the stories'
 * counts drop), their digests turned off, each of their comments forgets its author (an event in its thread's
 * partition, whose consumer alone writes the thread's read models), their library (reading places, shelves, saved
 * searches, mutes, feed address) forgotten. Each step does nothing the second time.
 */
@Injectable()
export class ReaderForgetting {
  readonly steps: readonly ErasureStep[] = [
    { name: 'likes taken back', run: (userId) => this.takeLikesBack(userId) },
    { name: 'digests turned off', run: (userId) => this.turnDigestsOff(userId) },
    { name: "comments' author forgotten", run: (userId) => this.forgetCommentAuthor(userId) },
    { name: 'library forgotten', run: (userId) => this.forgetLibrary(userId) },
  ];

  constructor(
    private readonly commands: CommandBus,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly digests: DigestsReadStore,
    private readonly store: EventStore,
    private readonly activity: ReaderActivityReadStore,
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

  private async forgetCommentAuthor(userId: string): Promise<void> {
    const comments = (await this.activity.activity(userId)).filter(([kind]) => kind === 'comment');
    // All at once: nothing is read, and the appends go in a few group commits.
    await Promise.all(comments.map(([, comment_id, book_id, chapter_id]) => this.commands.execute(new EraseCommentAuthorCommand({ comment_id, book_id, chapter_id }, userId))));
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
