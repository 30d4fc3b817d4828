import type { VisitorPosition } from '../domain/merge-decisions';

/** The positions a visitor kept in their browser, to merge into their account at login. */
export class MergeProgressCommand {
  constructor(
    readonly userId: string,
    readonly positions: readonly VisitorPosition[],
  ) {}
}
