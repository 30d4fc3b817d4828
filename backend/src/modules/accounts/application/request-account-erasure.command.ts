/** "Delete my account": the signed-in reader re-entered `password`. */
export class RequestAccountErasureCommand {
  constructor(
    readonly userId: string,
    readonly password: string,
  ) {}
}
