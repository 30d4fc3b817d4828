/** Grants (or revokes) the operator role of the account with this e-mail; `actor` names who ran the command. */
export class ChangeOperatorRoleCommand {
  constructor(
    readonly email: string,
    readonly grant: boolean,
    readonly actor: string,
  ) {}
}
