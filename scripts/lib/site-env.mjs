// The environment of the site's processes: the URLs given, or those of the local services `npm start` runs.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import services from './services.cjs';

const { ferretdb, redis, mailCatcher, profiles } = services;

/** The file in the data folder that keeps the queue dashboard's generated password. */
export const ADMIN_PASSWORD_FILE = 'admin-password';

/** A secret made once and kept in the data folder (readable by its owner only), so the next start finds it. */
function keptSecret(dataDir, name, bytes) {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(bytes).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The environment of the site's processes for the run profile, with the data folder's secrets: AUTH_SECRET and the
 * queue dashboard's password (user `admin`), unless the environment sets them.
 */
export function siteEnv(dataDir, env = process.env) {
  const ports = profiles.run;
  return {
    AUTH_SECRET: env.AUTH_SECRET || keptSecret(dataDir, 'auth-secret', 32),
    ADMIN_USER: env.ADMIN_USER || 'admin',
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || keptSecret(dataDir, ADMIN_PASSWORD_FILE, 18),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT ?? ports.http}`,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'shelf',
    MONGO_URL: env.MONGO_URL ?? `${ferretdb(ports.mongo, dataDir).url}shelf`,
    REDIS_URL: env.REDIS_URL ?? redis(ports.redis, dataDir).url,
    SMTP_URL: env.SMTP_URL ?? mailCatcher(ports.smtp, ports.mailWeb, dataDir).url,
  };
}
