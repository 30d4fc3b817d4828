export class MarkRepliesReadCommand {
  constructor(readonly userId: string) {}
}
