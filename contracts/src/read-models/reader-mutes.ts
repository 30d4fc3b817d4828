import { LibraryEventType, type MuteEvent } from '../events/library-events';
import type { MutedReader } from './library-read-models';

/** What a reader did about another: muted them (their comments fold) or blocked them (folded, and no replies from them). */
export type MuteRelation = 'muted' | 'blocked';
export const MUTE_RELATIONS: readonly MuteRelation[] = ['muted', 'blocked'];

/** How many readers one reader may mute, and how many block. */
export const MUTE_LIMIT = 1_000;

export interface MuteLists {
  muted: MutedReader[];
  blocked: MutedReader[];
}

/** Which list each event changes, and whether it adds to it. */
const EFFECT: Record<MuteEvent['type'], { relation: MuteRelation; on: boolean }> = {
  [LibraryEventType.ReaderMuted]: { relation: 'muted', on: true },
  [LibraryEventType.ReaderUnmuted]: { relation: 'muted', on: false },
  [LibraryEventType.ReaderBlocked]: { relation: 'blocked', on: true },
  [LibraryEventType.ReaderUnblocked]: { relation: 'blocked', on: false },
};

export const muteEffect = (type: MuteEvent['type']): { relation: MuteRelation; on: boolean } => EFFECT[type];

/**
 * The lists after one event, for the API's decider and the workers' projector alike: a mute or block adds the reader
 * last (once), its undoing takes them out. `at` is the new entry's time.
 */
export function withMuteEvent(lists: MuteLists, event: Pick<MuteEvent, 'type' | 'data'>, at: string): MuteLists {
  const { relation, on } = EFFECT[event.type];
  const { target_id } = event.data;
  const others = lists[relation].filter((entry) => entry.user_id !== target_id);
  if (!on) return { ...lists, [relation]: others };
  if (others.length < lists[relation].length) return lists;
  const username = 'username' in event.data ? event.data.username : '';
  return { ...lists, [relation]: [...lists[relation], { user_id: target_id, username, since: at }] };
}

/** How a comment's author stands with the reader: blocked wins over muted; null when neither. */
export function relationTo(lists: { muted: ReadonlySet<string>; blocked: ReadonlySet<string> }, authorId: string | null): MuteRelation | null {
  if (authorId === null) return null;
  if (lists.blocked.has(authorId)) return 'blocked';
  return lists.muted.has(authorId) ? 'muted' : null;
}
