import { CommandHandler, CommandBus, type ICommandHandler } from '@nestjs/cqrs';
import { DIGEST_KINDS, LibraryEventType, libraryStreams } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { AccountErasure } from '../../accounts';
import { EraseCommentAuthorCommand } from '../../comments';
import { ChooseDigestCommand, DigestsReadStore } from '../../digests';
import { LikedStoriesReadModels, LikeStoryCommand } from '../../likes';
import { ReaderActivityReadStore } from '../infrastructure/reader-activity-read-store';
import { DeleteAccountCommand } from './delete-account.command';

/**
 * Deletes the account a confirmed link names (docs/architecture.md, "Erasure"). What is the reader's but not personal
 * data is forgotten first: their likes are taken back (the stories' counts drop), their digests turned off, their
 * library (reading places) forgotten, and each of their comments forgets its author (an event in its thread's
 * partition, whose consumer alone writes the thread's read models). Then the account itself is
 * erased, which uses the link up: a crash on the way leaves the link working, and following it again finishes, each
 * step doing nothing the second time.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand, string> {
  constructor(
    private readonly commands: CommandBus,
    private readonly erasure: AccountErasure,
    private readonly likedStories: LikedStoriesReadModels,
    private readonly digests: DigestsReadStore,
    private readonly store: EventStore,
    private readonly activity: ReaderActivityReadStore,
  ) {}

  async execute({ token }: DeleteAccountCommand): Promise<string> {
    const userId = await this.erasure.holderOf(token);
    for (const story of await this.likedStories.liked(userId)) await this.commands.execute(new LikeStoryCommand(userId, story.book_id, false));
    const choices = await this.digests.choices(userId);
    for (const kind of DIGEST_KINDS) {
      if (choices[kind] !== 'none') await this.commands.execute(new ChooseDigestCommand(userId, kind, 'none', choices.time_zone ?? 'UTC', ''));
    }
    const comments = (await this.activity.activity(userId)).filter(([kind]) => kind === 'comment');
    // All at once: nothing is read, and the appends go in a few group commits.
    await Promise.all(comments.map(([, comment_id, book_id, chapter_id]) => this.commands.execute(new EraseCommentAuthorCommand({ comment_id, book_id, chapter_id }, userId))));
    await appendDecision(
      this.store,
      libraryStreams.forgotten(userId),
      (history) => ({ outcome: undefined, events: history.length > 0 ? [] : [{ type: LibraryEventType.ReaderForgotten, data: { user_id: userId } }] }),
      eventMetadata(userId),
    );
    return this.erasure.erase(token);
  }
}
