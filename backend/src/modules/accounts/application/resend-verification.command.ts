export class ResendVerificationCommand {
  constructor(readonly userId: string) {}
}
