import { LivePush, LiveRequest } from './socket-events';

describe('the live channel event names', () => {
  const names = [...Object.values(LivePush), ...Object.values(LiveRequest)];

  it('each carry a version, as domain event types do', () => {
    expect(names.filter((name) => !/^[a-z-]+:[a-z-]+\.v\d+$/.test(name))).toEqual([]);
  });

  it('are all different', () => {
    expect(new Set(names).size).toBe(names.length);
  });
});
