import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DIGEST_KINDS, LibraryEventType, libraryStreams, READER_ACTIVITY_PROJECTOR } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import type { ForgettingSteps } from '../../accounts';
import { EraseCommentAuthorCommand } from '../../comments';
import { ChooseDigestCommand, DigestsReadStore } from '../../digests';
import { ProjectionProgress } from '../../health';
import { LikedStoriesReadModels, LikeStoryCommand } from '../../likes';
import { ReaderActivityReadStore } from '../infrastructure/reader-activity-read-store';

/** How long the comments' step waits for the reader's activity to hold every comment appended before the key went. */
const ACTIVITY_WAIT_MS = 1000;

/**
 * What is the reader's but not personal data, forgotten in the erasure (AccountErasure runs these steps, at the
 * erasure and again at `npm run erasures:reapply`): while the account stands, their likes are taken back (the
 * stories' counts drop), their digests turned off, their library (reading places, shelves, saved searches, mutes, feed
 * address) forgotten; once its key is erased and it has ended, each of their comments forgets its author (an event in
 * its thread's partition, whose consumer alone writes the thread's read models). Each step does nothing the second
 * time.
 */
@Injectable()
export class ReaderForgetting {
  constructor(
    private readonly commands: CommandBus,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly digests: DigestsReadStore,
    private readonly store: EventStore,
    private readonly activity: ReaderActivityReadStore,
    private readonly progress: ProjectionProgress,
  ) {}

  /**
   * The steps. `live`: the workers are projecting (a deletion), so the comments' step first waits for them to have
   * projected the log as it stands; `npm run erasures:reapply` runs with them stopped, and a rebuild follows it.
   */
  steps({ live }: { live: boolean }): ForgettingSteps {
    return {
      beforeEnd: [
        { name: 'likes taken back', run: (userId) => this.takeLikesBack(userId) },
        { name: 'digests turned off', run: (userId) => this.turnDigestsOff(userId) },
        { name: 'library forgotten', run: (userId) => this.forgetLibrary(userId) },
      ],
      afterEnd: [{ name: "comments' author forgotten", run: (userId) => this.forgetCommentAuthor(userId, live) }],
    };
  }

  private async takeLikesBack(userId: string): Promise<void> {
    for (const story of await this.likedStories.liked(userId)) await this.commands.execute(new LikeStoryCommand(userId, story.book_id, false));
  }

  private async turnDigestsOff(userId: string): Promise<void> {
    const choices = await this.digests.choices(userId);
    for (const kind of DIGEST_KINDS) {
      if (choices[kind] !== 'none') await this.commands.execute(new ChooseDigestCommand(userId, kind, 'none', choices.time_zone ?? 'UTC', ''));
    }
  }

  /**
   * Run once the key is erased: a comment appended after that reads as erased wherever it is projected, and one
   * appended before is in the reader's activity once the workers have projected the log as it stands now (waited for
   * when `live`, ACTIVITY_WAIT_MS at most: a comment projected later than that, with a key a worker still knew, keeps
   * its text until a rebuild). A comment the reader edited meanwhile is blanked after its edit: the event lands after it in the
   * thread's partition.
   */
  private async forgetCommentAuthor(userId: string, live: boolean): Promise<void> {
    if (live) await this.progress.caughtUp(READER_ACTIVITY_PROJECTOR, ACTIVITY_WAIT_MS);
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
