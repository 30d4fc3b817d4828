import type { BookMetadata, EventMetadata } from '@shelf/contracts';

/** Publish a book, or update it when its metadata changed. */
export class SaveBookCommand {
  constructor(
    readonly metadata: BookMetadata,
    readonly by: EventMetadata,
  ) {}
}
