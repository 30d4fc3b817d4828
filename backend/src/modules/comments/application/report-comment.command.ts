export class ReportCommentCommand {
  constructor(
    readonly userId: string,
    readonly commentId: string,
  ) {}
}
