import type { MuteRelation } from '@shelf/contracts';

/** Mutes (their comments fold) or blocks (also no replies from them) the reader `targetId`. */
export class MuteReaderCommand {
  constructor(
    readonly userId: string,
    readonly targetId: string,
    readonly relation: MuteRelation,
  ) {}
}

/** Unmutes or unblocks the reader `targetId`. */
export class UnmuteReaderCommand {
  constructor(
    readonly userId: string,
    readonly targetId: string,
    readonly relation: MuteRelation,
  ) {}
}
