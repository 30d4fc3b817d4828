import type { Shelf } from '@shelf/contracts';

/** Puts a story on a shelf of the reader's library, or (shelf null) takes it off. */
export class ChooseShelfCommand {
  constructor(
    readonly userId: string,
    readonly bookId: number,
    readonly shelf: Shelf | null,
  ) {}
}
