/** `like` true likes the story, false takes the like back. */
export class LikeStoryCommand {
  constructor(
    readonly userId: string,
    readonly bookId: number,
    readonly like: boolean,
  ) {}
}
