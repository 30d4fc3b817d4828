/** Another writer appended to the stream since it was read: reload and decide again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${streamId} moved past version ${expectedVersion} while this change was being decided`);
    this.name = 'ConcurrencyError';
  }
}
