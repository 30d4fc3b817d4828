/** The reader is at `position` (0–1) of a chapter. */
export class RecordProgressCommand {
  constructor(
    readonly userId: string,
    readonly bookId: number,
    readonly chapterId: number,
    readonly position: number,
  ) {}
}
