import type { ById, ReadModelStore } from '../engine';
import { isDuplicateKey } from '@shelf/event-log';


/** Inserts a new document or replaces an existing one; a racing insert of the same id turns into a replace. */
export async function saveDocument<T extends ById>(collection: ReadModelStore<T>, doc: T, isNew: boolean): Promise<void> {
  if (isNew) {
    try {
      await collection.insertOne(doc);
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  const { _id, ...rest } = doc;
  await collection.replaceOne({ _id }, rest);
}

/**
 * Raised for an event whose stream has an earlier event this read model has not applied (a stream's events apply in
 * version order, so one parked or skipped by an operator): like any failure, the event is retried, then parked with the
 * rest of its stream.
 */
export class ProjectionGapError extends Error {
  constructor(streamId: string, expected: number, got: number) {
    super(`${streamId}: expected version ${expected}, got ${got}; will retry`);
  }
}

/** 'apply' for the next version, 'skip' for one already applied; a gap throws ProjectionGapError. */
export function versionStep(streamId: string, applied: number, incoming: number): 'apply' | 'skip' {
  if (incoming <= applied) return 'skip';
  if (incoming > applied + 1) throw new ProjectionGapError(streamId, applied + 1, incoming);
  return 'apply';
}
