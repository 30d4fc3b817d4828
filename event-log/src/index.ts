export * from './log-placing';
export * from './log-positions';
export * from './store-refusals';
