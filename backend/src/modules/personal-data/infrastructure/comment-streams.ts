import { Injectable } from '@nestjs/common';
import { type AnyDomainEvent, eventDocumentId, SocialEventType, socialStreams } from '@shelf/contracts';
import { EventStore } from '../../../event-store/event-store';

/** Versions asked for at once past the last one found, for a stream that goes on beyond what its read model counted. */
const FURTHER = 8;

interface Asking {
  commentId: string;
  versions: number[];
  /** The last version of the stream's run asked for (null when only its first is): there, the stream may go on. */
  last: number | null;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The events of comments' streams (posting, edits, deletion, reports, moderation), read in bulk by `_id` lists, a
 * round at a time: the first asks for every version the comment's read model counted (`version`: those are stored)
 * and one more, the next ones go on only with the streams whose last asked version was there. A comment never changed
 * since it was posted costs one id (its second version, not there); its first version is read only for a comment
 * edited, whose text as posted is wanted.
 */
@Injectable()
export class CommentStreams {
  constructor(private readonly store: EventStore) {}

  /** Each comment's events in version order, by comment id (its first one only once an edit is found). */
  async read(comments: { comment_id: string; version: number }[]): Promise<Map<string, AnyDomainEvent[]>> {
    const found = new Map<string, AnyDomainEvent[]>(comments.map(({ comment_id }) => [comment_id, []]));
    const id = (commentId: string, version: number) => eventDocumentId(socialStreams.comment(commentId), version);
    let asking: Asking[] = comments.map(({ comment_id, version }) => ({ commentId: comment_id, versions: range(version > 1 ? 1 : 2, version + 1), last: version + 1 }));
    const askedFirst = new Set<string>();
    while (asking.length > 0) {
      for (const { commentId, versions } of asking) if (versions[0] === 1) askedFirst.add(commentId);
      const read = await this.store.readByIds(asking.flatMap(({ commentId, versions }) => versions.map((version) => id(commentId, version))));
      const there = new Set(read.map((event) => eventDocumentId(event.streamId, event.version)));
      for (const event of read) found.get(event.streamId.slice('comment-'.length))?.push(event);
      asking = asking.flatMap(({ commentId, last }) => {
        const events = found.get(commentId)!;
        const goesOn = last !== null && there.has(id(commentId, last));
        const wantsFirst = !askedFirst.has(commentId) && events.some((event) => event.type === SocialEventType.CommentEdited);
        const next = [...(wantsFirst ? [1] : []), ...(goesOn ? range(last + 1, last + FURTHER) : [])];
        return next.length === 0 ? [] : [{ commentId, versions: next, last: goesOn ? last + FURTHER : null }];
      });
    }
    for (const events of found.values()) events.sort((a, b) => a.version - b.version);
    return found;
  }
}
