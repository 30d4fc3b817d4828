/** Redis pub/sub channel on which the workers announce read-model changes, so API processes drop cached answers. */
export const READ_MODEL_CHANGES_CHANNEL = 'read-models:changed';

export interface ReadModelChange {
  eventType: string;
  streamId: string;
}
