import { afterAll, beforeAll } from 'vitest';

/**
 * For the tests of the calling describe block, which render as a browser does, without act(): React's commits come in
 * their own time, so React is told it is not in a test environment that wraps updates in act().
 */
export function outsideActEnvironment(): void {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    environment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  });
}
