import type { MutedReader } from '../read-models/library-read-models';

/** GET, PUT and DELETE /api/user/mutes: the readers the signed-in reader muted and blocked, after the call, oldest first. */
export interface MutesResponse {
  muted: MutedReader[];
  blocked: MutedReader[];
}

/** The texts of muting and blocking, shared by the API and the web client. */
export const MuteText = {
  /** What a muted reader's comment folds to, with a Show button. */
  mutedFold: 'Comment from a muted reader',
  /** What a blocked reader's comment folds to. */
  blockedFold: 'Comment from a blocked reader',
  muteSelf: 'You cannot mute yourself.',
  blockSelf: 'You cannot block yourself.',
  unknownReader: 'There is no reader with that id.',
  badReaderId: 'user_id must be the id of a reader.',
  badRelation: 'relation must be muted or blocked.',
  /** Refused to a reader replying to a comment whose author blocked them. */
  replyBlocked: 'You cannot reply to this comment: its author has blocked you.',
} as const;

/** The limit's refusal: `You can mute at most 1000 readers. Unmute one first.` */
export const muteLimitMessage = (relation: 'muted' | 'blocked', limit: number): string =>
  relation === 'muted' ? `You can mute at most ${limit} readers. Unmute one first.` : `You can block at most ${limit} readers. Unblock one first.`;
