import type { ReportReason } from '@shelf/contracts';

export class ReportCommentCommand {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly reason: ReportReason | null = null,
  ) {}
}
