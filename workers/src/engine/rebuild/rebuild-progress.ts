/** What a rebuild reports as it goes (RebuildProgress) and what it took (RebuildProfile). */

export interface RebuildProgress {
  /**
   * 'read': the log read from the store; 'replay': its partitions applied one by one; 'catch-up': what came since;
   * 'reindex': projectors derived from rebuilt read models rebuilding themselves (Projector.reindex), counted in what
   * they report (not log entries).
   */
  phase: 'read' | 'replay' | 'catch-up' | 'reindex' | 'done';
  events: number;
  total: number;
}

export interface RebuildProfile {
  readMs: number;
  replayMs: number;
  catchUpMs: number;
  /** Positions and events the scan read by `_id` (a cursor too far ahead of the other, or ended). */
  lookedUp: number;
  /** Documents inserted in bulk, replaced (read back, changed, written again), and read back by `_id`. */
  inserted: number;
  replaced: number;
  readBack: number;
}
