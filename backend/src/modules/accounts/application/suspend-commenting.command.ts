import type { SuspensionDays } from '@shelf/contracts';

/** An operator stops a reader from commenting for some days, or for good (`days` null). */
export class SuspendCommentingCommand {
  constructor(
    readonly operatorId: string,
    readonly userId: string,
    readonly days: SuspensionDays,
    readonly reason: string,
  ) {}
}
