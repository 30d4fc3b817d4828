export { EnvConfigModule, type EnvConfigOptions } from './env-config.module';
export { optional, required, withDefault } from './env-fields';
export { type EnvVariables, InvalidEnvError, readEnv } from './read-env';
export { type SharedEnv, sharedEnv, sharedEnvShape } from './shared-env';
export { pinNextTickShape } from './next-tick-shape';
export { storeCrashPoints } from './crash-points';
export { STORE_CALL_BOUNDS } from './store-call-bounds';
export { STORE_POOL } from './store-pool';
export { logLevelsFrom } from './log-levels';
