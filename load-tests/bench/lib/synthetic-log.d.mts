import type { Db } from 'mongodb';

export interface SyntheticLogOptions {
  events: number;
  readers?: number;
  books?: number;
  bookIds?: number[];
  threads?: number;
  batch?: number;
  onProgress?: (written: number) => void;
}

export function writeSyntheticLog(db: Db, options: SyntheticLogOptions): Promise<void>;
