/** The reader turns folding comments on chapters they have not reached on (`fold`) or off. */
export class ChooseSpoilerFoldCommand {
  constructor(
    readonly userId: string,
    readonly fold: boolean,
  ) {}
}
