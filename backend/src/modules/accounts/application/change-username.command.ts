export class ChangeUsernameCommand {
  constructor(
    readonly userId: string,
    readonly newUsername: string,
  ) {}
}
