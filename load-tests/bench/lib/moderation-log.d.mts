import type { Db } from 'mongodb';

export interface ModerationLogOptions {
  comments: number;
  readers?: number;
  threads?: number;
  /** User ids of registered operators, the actors of decisions and suspensions. */
  operators: string[];
  seed?: number;
  stepMs?: number;
  batch?: number;
  onProgress?: (written: number) => void;
}

export function writeModerationLog(db: Db, options: ModerationLogOptions): Promise<{ comments: string[]; readers: string[]; audited: number }>;
