// The API of one test, listening on a free loopback port: the start every integration test shares.
import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EnvVariables } from '@shelf/server-config';
import { createApp } from '../backend/src/create-app';

/** Starts the API on `env` (logging errors only, unless `logger` says otherwise); `base` is its http://127.0.0.1:port. */
export async function listeningApi(env: EnvVariables, logger: LogLevel[] = ['error']): Promise<{ api: NestExpressApplication; base: string }> {
  const api = await createApp(env, logger);
  await api.listen(0, '127.0.0.1');
  return { api, base: (await api.getUrl()).replace('[::1]', '127.0.0.1') };
}
