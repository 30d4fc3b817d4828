import { logLevelsFrom } from './log-levels';

describe('logLevelsFrom', () => {
  it('shows the level named and every more severe one', () => {
    expect(logLevelsFrom('warn')).toEqual(['error', 'warn']);
    expect(logLevelsFrom('LOG')).toEqual(['error', 'warn', 'log']);
    expect(logLevelsFrom('verbose')).toEqual(['error', 'warn', 'log', 'debug', 'verbose']);
  });

  it('falls back when LOG_LEVEL is not set', () => {
    expect(logLevelsFrom(undefined)).toEqual(['error', 'warn', 'log']);
    expect(logLevelsFrom('', 'warn')).toEqual(['error', 'warn']);
  });

  it('refuses a level Nest does not have', () => {
    expect(() => logLevelsFrom('info')).toThrow('LOG_LEVEL must be one of error, warn, log, debug, verbose, not "info"');
  });
});
