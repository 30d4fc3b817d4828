import { createSearchEngine } from '@shelf/search-index';
import { readStoreRestarts } from '@shelf/server-config';
import { Redis } from 'ioredis';
import type { MongoClient } from 'mongodb';
import { createTransport } from 'nodemailer';
import type { ServiceEnv } from '../config/service-env';
import type { DoctorData, Outcome } from './doctor-report';

/** A URL without its credentials, path or query: enough to tell which server was asked. */
export const serverOf = (url: string): string => {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
};

/**
 * Pings the store, and names it (FerretDB tells its own version beside the MongoDB one it speaks); for the embedded
 * store, how often its supervisor restarted it and the latest restart's reason and goroutine dump.
 */
export async function checkStore(client: MongoClient, restartsFile?: string): Promise<Outcome<DoctorData['store']>> {
  await client.connect();
  const admin = client.db().admin();
  await admin.ping();
  const info = await admin.buildInfo();
  const server = typeof info.ferretdbVersion === 'string' ? `FerretDB ${info.ferretdbVersion}` : `MongoDB ${String(info.version)}`;
  const restarts = readStoreRestarts(restartsFile);
  const last = restarts?.last;
  const restarted = last ? ` · restarted ${restarts.total}× by its supervisor, last at ${last.at}: ${last.reason}${last.dump ? ` (goroutine dump: ${last.dump})` : ''}` : '';
  return { status: 'ok', summary: `up · ${server}${restarted}`, data: { server, restarts } };
}

const infoField = (info: string, field: string): string | undefined => new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim();

/**
 * Pings Redis and reads its eviction policy and persistence (INFO, which managed Redis allows where CONFIG is often
 * refused). BullMQ's queues need `noeviction`: under memory pressure any other policy may drop their keys.
 */
export async function checkRedis(env: ServiceEnv, timeoutMs: number): Promise<Outcome<DoctorData['redis']>> {
  const redis = new Redis(env.redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    disconnectTimeout: 100,
  });
  // The connection's own error (ECONNREFUSED…) says more than the "Connection is closed." connect() rejects with.
  let failure: Error | undefined;
  redis.on('error', (error: Error) => (failure = error));
  try {
    await redis.connect().catch((error: unknown) => {
      throw failure ?? error;
    });
    await redis.ping();
    const [server, memory, persistence] = await Promise.all([redis.info('server'), redis.info('memory'), redis.info('persistence')]);
    const data = {
      version: infoField(server, 'redis_version') ?? 'unknown',
      maxmemoryPolicy: infoField(memory, 'maxmemory_policy') ?? 'unknown',
      aof: infoField(persistence, 'aof_enabled') === '1',
    };
    const line = `up · Redis ${data.version}, maxmemory-policy ${data.maxmemoryPolicy}, AOF ${data.aof ? 'on' : 'off'}`;
    if (data.maxmemoryPolicy === 'noeviction') return { status: 'ok', summary: line, data };
    return { status: 'warn', summary: line, details: ['the queues need maxmemory-policy noeviction: any other policy may evict their jobs'], data };
  } finally {
    redis.disconnect();
  }
}

/**
 * Asks the search engine the site uses whether it answers. The embedded one keeps its documents in the store (and says
 * it is healthy whenever asked): it is down with the store.
 */
export async function checkSearch(env: ServiceEnv, client: MongoClient, storeUp: boolean): Promise<Outcome<DoctorData['search']>> {
  const engine = createSearchEngine(env, client.db());
  try {
    const data = { engine: engine.kind };
    if (engine.kind === 'embedded' && !storeUp) return { status: 'down', summary: 'down · embedded, kept in the store, which is down', data };
    const where = engine.kind === 'meilisearch' && env.meiliUrl ? ` at ${serverOf(env.meiliUrl)}` : '';
    if (await engine.isHealthy()) return { status: 'ok', summary: `up · ${engine.kind}${where}`, data };
    return { status: 'down', summary: `down · ${engine.kind}${where} does not say it is available`, data };
  } finally {
    await engine.stop();
  }
}

/** Connects to the SMTP server, greets it and logs in as the workers' mailer would (nodemailer's verify). */
export async function checkSmtp(env: ServiceEnv, timeoutMs: number): Promise<Outcome<DoctorData['smtp']>> {
  const transporter = createTransport({ url: env.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  try {
    await transporter.verify();
    const server = serverOf(env.smtpUrl);
    return { status: 'ok', summary: `up · ${server}`, data: { server } };
  } finally {
    transporter.close();
  }
}
