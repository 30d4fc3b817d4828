export class VerifyEmailCommand {
  constructor(
    readonly token: string,
    readonly email: string,
  ) {}
}
