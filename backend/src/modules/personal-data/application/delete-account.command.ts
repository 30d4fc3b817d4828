/** The reader followed the e-mailed link confirming "Delete my account". */
export class DeleteAccountCommand {
  constructor(readonly token: string) {}
}
