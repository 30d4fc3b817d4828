export class MarkUpdatesCheckedCommand {
  constructor(readonly userId: string) {}
}
