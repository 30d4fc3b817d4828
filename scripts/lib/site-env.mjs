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

// Each port of the run profile can be moved by its own variable, e.g. to run a second site beside the first.
const PORT_VARIABLES = { http: 'PORT', mongo: 'MONGO_PORT', redis: 'REDIS_PORT', smtp: 'SMTP_PORT', mailWeb: 'MAIL_WEB_PORT' };

/** The ports of `npm start`: the run profile's, each overridden by PORT, MONGO_PORT, REDIS_PORT, SMTP_PORT or MAIL_WEB_PORT. */
export function runPorts(env = process.env) {
  const ports = { ...profiles.run };
  for (const [name, variable] of Object.entries(PORT_VARIABLES)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number (1-65535), not "${value}"`);
    ports[name] = port;
  }
  return ports;
}

/** The environment of the site's processes for the run profile (with its port overrides) and the data folder's secret. */
export function siteEnv(dataDir, env = process.env) {
  const ports = runPorts(env);
  return {
    AUTH_SECRET: authSecret(dataDir, env),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${ports.http}`,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'shelf',
    MONGO_URL: env.MONGO_URL ?? `${ferretdb(ports.mongo, dataDir).url}shelf`,
    REDIS_URL: env.REDIS_URL ?? redis(ports.redis, dataDir).url,
    SMTP_URL: env.SMTP_URL ?? mailCatcher(ports.smtp, ports.mailWeb, dataDir).url,
  };
}
