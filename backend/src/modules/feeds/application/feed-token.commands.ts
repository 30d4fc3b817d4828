/** Makes the reader a new private address for the feed of their Reading shelf, turning off the one they had. */
export class CreateFeedTokenCommand {
  constructor(readonly userId: string) {}
}

/** Turns off the reader's Reading-shelf feed address: it answers 404 from then on. */
export class RevokeFeedTokenCommand {
  constructor(readonly userId: string) {}
}
