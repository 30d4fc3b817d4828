// The environment of the site's processes: the URLs given, or those of the local services `npm start` runs.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import services from './services.cjs';
import supervision from './store-supervisor.cjs';

const { ferretdb, redis, mailCatcher, profiles } = services;

/** The file in the data folder that keeps the queue dashboard's generated password. */
export const ADMIN_PASSWORD_FILE = 'admin-password';

/** The file in the data folder that keeps the generated key-encryption key of the personal keys. */
export const KEY_ENCRYPTION_KEY_FILE = 'key-encryption-key';

/** The file in the data folder that keeps the generated bearer token of GET /metrics. */
export const METRICS_TOKEN_FILE = 'metrics-token';

/** A secret made once and kept in the data folder (readable by its owner only), so the next start finds it. */
function keptSecret(dataDir, name, bytes) {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(bytes).toString('base64url'), { mode: 0o600 });
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

/**
 * The environment of the site's processes for the run profile (with its port overrides), with the data folder's
 * secrets: AUTH_SECRET, KEY_ENCRYPTION_KEY, the queue dashboard's password (user `admin`) and the metrics' bearer token,
 * and the erasure ledger's file, unless the environment sets them.
 */
export function siteEnv(dataDir, env = process.env) {
  const ports = runPorts(env);
  return {
    AUTH_SECRET: env.AUTH_SECRET || keptSecret(dataDir, 'auth-secret', 32),
    // Wraps the personal keys: kept beside the store, never in it (docs/operations.md, "The key-encryption key").
    KEY_ENCRYPTION_KEY: env.KEY_ENCRYPTION_KEY || keptSecret(dataDir, KEY_ENCRYPTION_KEY_FILE, 32),
    ADMIN_USER: env.ADMIN_USER || 'admin',
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || keptSecret(dataDir, ADMIN_PASSWORD_FILE, 18),
    METRICS_TOKEN: env.METRICS_TOKEN || keptSecret(dataDir, METRICS_TOKEN_FILE, 32),
    // Beside the secrets, outside the store's folder and its backups (docs/operations.md, "Erasure and backups").
    ERASURE_LEDGER: env.ERASURE_LEDGER || join(dataDir, 'erasure-ledger'),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${ports.http}`,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'shelf',
    MONGO_URL: env.MONGO_URL ?? `${ferretdb(ports.mongo, dataDir).url}shelf`,
    REDIS_URL: env.REDIS_URL ?? redis(ports.redis, dataDir).url,
    SMTP_URL: env.SMTP_URL ?? mailCatcher(ports.smtp, ports.mailWeb, dataDir).url,
    // The embedded store's restarts, recorded by its supervisor (scripts/lib/store-supervisor.cjs).
    ...(env.MONGO_URL ? {} : { STORE_RESTARTS_FILE: env.STORE_RESTARTS_FILE || supervision.restartsFile(dataDir) }),
  };
}
