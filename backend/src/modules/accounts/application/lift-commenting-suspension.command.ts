/** An operator lets a suspended reader comment again. */
export class LiftCommentingSuspensionCommand {
  constructor(
    readonly operatorId: string,
    readonly userId: string,
  ) {}
}
