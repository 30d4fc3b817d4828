import { DependencyUnavailableError } from './dependency-unavailable.error';
import type { Dependency, DependencyWatch } from './dependency-watch';
import { REQUEST_DEADLINE_MS, RequestDeadline } from './request-deadline';

describe('RequestDeadline', () => {
  let away: Dependency | null;
  let deadline: RequestDeadline;
  let givenUp: DependencyUnavailableError[];
  const arm = () => deadline.arm((error) => givenUp.push(error));

  beforeEach(() => {
    jest.useFakeTimers();
    away = null;
    deadline = new RequestDeadline({ away: () => away } as DependencyWatch);
    givenUp = [];
  });

  afterEach(() => jest.useRealTimers());

  it('lets a request run for 1.5 s, then gives it up as soon as the watch sees a dependency away', () => {
    arm();
    away = 'redis';
    jest.advanceTimersByTime(1499);
    expect(givenUp).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(givenUp.map((error) => error.dependency)).toEqual(['redis']);
  });

  it('gives up a request still running at the deadline (2.5 s) even when the watch sees nothing: the store did not answer in time', () => {
    arm();
    jest.advanceTimersByTime(REQUEST_DEADLINE_MS - 1);
    expect(givenUp).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(givenUp).toEqual([new DependencyUnavailableError('store')]);
    expect(givenUp[0].message).toBe('the store did not answer in time');
    jest.advanceTimersByTime(60_000);
    expect(givenUp).toHaveLength(1);
  });

  it('counts from the request’s arrival, so the time its guards took counts too', () => {
    const arrived = performance.now();
    jest.advanceTimersByTime(2000);
    deadline.arm((error) => givenUp.push(error), arrived);
    jest.advanceTimersByTime(REQUEST_DEADLINE_MS - 2000 - 1);
    expect(givenUp).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(givenUp).toEqual([new DependencyUnavailableError('store')]);
  });

  it('asks the watch at once about a request that arrived more than 1.5 s ago', () => {
    const arrived = performance.now();
    jest.advanceTimersByTime(1600);
    away = 'store';
    deadline.arm((error) => givenUp.push(error), arrived);
    jest.advanceTimersByTime(0);
    expect(givenUp.map((error) => error.dependency)).toEqual(['store']);
  });

  it('never gives up a request whose clock was stopped', () => {
    const stop = arm();
    jest.advanceTimersByTime(1600);
    stop();
    away = 'store';
    jest.advanceTimersByTime(60_000);
    expect(givenUp).toEqual([]);
  });

  it('settles `within` as the work does, or with the refusal once the deadline passes', async () => {
    await expect(deadline.within(Promise.resolve('answer'))).resolves.toBe('answer');
    await expect(deadline.within(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const waiting = deadline.within(new Promise(() => undefined));
    jest.advanceTimersByTime(REQUEST_DEADLINE_MS);
    await expect(waiting).rejects.toBeInstanceOf(DependencyUnavailableError);
  });
});
