import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, registerAs } from '@nestjs/config';
import type { ZodType } from 'zod';
import { type EnvVariables, readEnv } from './read-env';

export interface EnvConfigOptions<T> {
  /** The token the typed environment is injected with (each process has its own SERVICE_ENV). */
  token: symbol;
  /** The process's schema: the variables it reads, their rules and messages, and the typed object they become. */
  schema: ZodType<T>;
  /** process.env in the processes and their command-line tools; one test file's own variables in the tests. */
  variables: EnvVariables;
}

/**
 * @nestjs/config holding a process's environment, read through the process's schema as the container is built, and
 * provided (globally) as the typed object under `token`. A variable that is missing or wrong stops the start with its
 * message (InvalidEnvError).
 */
@Module({})
export class EnvConfigModule {
  static forRoot<T extends object>({ token, schema, variables }: EnvConfigOptions<T>): DynamicModule {
    const env = registerAs('env', () => readEnv(schema, variables));
    return {
      module: EnvConfigModule,
      global: true,
      // The variables given are the only source: no .env file, and no reading of process.env past the schema.
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, validatePredefined: false, skipProcessEnv: true, load: [env] })],
      providers: [{ provide: token, useExisting: env.KEY }],
      exports: [token],
    };
  }
}
