/** Redis pub/sub channel on which the workers announce read-model changes, so API processes drop cached answers. */
export const READ_MODEL_CHANGES_CHANNEL = 'read-models:changed';

export interface ReadModelChange {
  eventType: string;
  streamId: string;
}

/** The change announced when a rebuild has pointed read models at new collections: readers look them up again. */
export const READ_MODELS_REBUILT = 'read-models.rebuilt';

/** Whether an event can change a public catalog answer (books, chapters, lists with their like counts). */
export const changesCatalog = (eventType: string): boolean =>
  eventType.startsWith('book.') || eventType.startsWith('chapter.') || eventType.startsWith('story.') || eventType === READ_MODELS_REBUILT;
