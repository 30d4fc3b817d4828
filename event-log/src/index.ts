export * from './log-placing';
export * from './log-positions';
