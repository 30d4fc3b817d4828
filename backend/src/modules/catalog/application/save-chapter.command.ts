import type { ChapterData, EventMetadata } from '@shelf/contracts';

/** Publish a chapter, or update it when it changed. Its book must exist. */
export class SaveChapterCommand {
  constructor(
    readonly chapter: ChapterData,
    readonly by: EventMetadata,
  ) {}
}
