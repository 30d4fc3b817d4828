export class ChangePasswordCommand {
  constructor(
    readonly userId: string,
    readonly newPassword: string,
    /** The session asking, which stays; every other session of the user ends. */
    readonly sessionId: string | null,
  ) {}
}
