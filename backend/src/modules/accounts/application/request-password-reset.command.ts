export class RequestPasswordResetCommand {
  constructor(readonly email: string) {}
}
