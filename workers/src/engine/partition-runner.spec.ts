import { APPLIED_MEMORY } from '@shelf/contracts';
import { LOG_BATCH } from './partition-runner';

describe('partition runner', () => {
  it('applies fewer entries between checkpoints than a read model remembers, so a crash there counts nothing twice', () => {
    expect(LOG_BATCH).toBeLessThan(APPLIED_MEMORY);
  });
});
