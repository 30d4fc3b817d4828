/** Saves the search `query` (a /searchbook address query) as `name`, replacing a saved search of that name. */
export class SaveSearchPresetCommand {
  constructor(
    readonly userId: string,
    readonly name: string,
    readonly query: string,
  ) {}
}

/** Deletes the reader's saved search `name`. */
export class DeleteSearchPresetCommand {
  constructor(
    readonly userId: string,
    readonly name: string,
  ) {}
}
