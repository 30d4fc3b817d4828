/** Redis pub/sub channel on which the workers announce read-model changes, so API processes drop cached answers. */
export const READ_MODEL_CHANGES_CHANNEL = 'read-models:changed';

export interface ReadModelChange {
  eventType: string;
  streamId: string;
}

/** Whether an event can change a public catalogue answer (books, chapters, lists with their like counts). */
export const changesCatalogue = (eventType: string): boolean => eventType.startsWith('book.') || eventType.startsWith('chapter.') || eventType.startsWith('story.');
