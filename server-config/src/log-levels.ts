import type { LogLevel } from '@nestjs/common';

/** The levels LOG_LEVEL may name, most severe first; each shows those before it too. */
const LEVELS: readonly LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/**
 * The Nest log levels a server process prints: LOG_LEVEL (error, warn, log, debug or verbose) and every more severe
 * one; `fallback` when it is not set. `npm start` sets warn unless LOG_LEVEL asks for more (docs/configuration.md, LOG_LEVEL).
 */
export function logLevelsFrom(value: string | undefined, fallback: LogLevel = 'log'): LogLevel[] {
  const name = value === undefined || value === '' ? fallback : value.toLowerCase();
  const index = LEVELS.indexOf(name as LogLevel);
  if (index < 0) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${value}"`);
  return LEVELS.slice(0, index + 1);
}
