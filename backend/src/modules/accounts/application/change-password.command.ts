export class ChangePasswordCommand {
  constructor(
    readonly userId: string,
    readonly newPassword: string,
  ) {}
}
