// The environment of the site's processes: the URLs given, or those of the local services `npm start` runs.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import services from './services.cjs';

const { ferretdb, redis, mailCatcher, profiles } = services;

/** The site's AUTH_SECRET: from the environment, else made once and kept in the data folder. */
function authSecret(dataDir, env) {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The environment of the site's processes for the run profile, with the data folder's secret. */
export function siteEnv(dataDir, env = process.env) {
  const ports = profiles.run;
  return {
    AUTH_SECRET: authSecret(dataDir, env),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT ?? ports.http}`,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'shelf',
    MONGO_URL: env.MONGO_URL ?? `${ferretdb(ports.mongo, dataDir).url}shelf`,
    REDIS_URL: env.REDIS_URL ?? redis(ports.redis, dataDir).url,
    SMTP_URL: env.SMTP_URL ?? mailCatcher(ports.smtp, ports.mailWeb, dataDir).url,
  };
}
