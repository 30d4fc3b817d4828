// The embedded services (FerretDB, Redis, MailDev) on free loopback ports with a throw-away data folder, started the
// way the test harness starts them (scripts/lib/services.cjs), plus the site's own processes (workers, API) a benchmark
// starts against them. Every child is stopped, and the data folder removed, when the benchmark ends: normally, on an
// error, or on Ctrl-C / SIGTERM.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import services from '../../../scripts/lib/services.cjs';

export const root = services.root;

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Switches off what would get in a benchmark's way on an API: the search rate limit and the first operator's account. */
export const UNLIMITED_API = { SEARCH_RATE_LIMIT: '1000000000', ADMIN_USER: '', ADMIN_PASSWORD: '' };

/** One key-encryption key for every process a bench starts: each opens the personal keys the others made. */
const BENCH_KEY_ENCRYPTION_KEY = randomUUID() + randomUUID();

/**
 * The site's service environment for `database` on the services `urls` (what startServices resolves with, and an
 * `authSecret` when the run keeps one; a fresh one otherwise); `extra` adds variables.
 */
export function benchEnv(urls, database, { queuePrefix, authSecret = urls.authSecret, publicUrl = 'http://127.0.0.1:9', ...extra }) {
  return {
    MONGO_URL: `${urls.storeUrl}${database}`,
    REDIS_URL: urls.redisUrl,
    SMTP_URL: urls.smtpUrl,
    QUEUE_PREFIX: queuePrefix,
    AUTH_SECRET: authSecret ?? randomUUID() + randomUUID(),
    KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    PUBLIC_URL: publicUrl,
    ...extra,
  };
}

const TAIL_LINES = 40;

export class LocalServices {
  /**
   * @param {string} prefix the data folder's name prefix, under the OS temp folder
   * @param {{ onSignal?: (signal: string) => void }} options `onSignal` runs first when a signal stops the benchmark
   */
  constructor(prefix, { onSignal: beforeStop } = {}) {
    this.dataDir = mkdtempSync(join(tmpdir(), prefix));
    /** @type {Set<import('node:child_process').ChildProcess>} */
    this.children = new Set();
    /** The store, Redis and MailDev: stopped after everything that uses them. */
    this.serviceChildren = new Set();
    this.stopping = false;
    const onSignal = (signal) => {
      if (this.stopping) return;
      console.error(`\n${signal}: stopping the benchmark's processes…`);
      try {
        beforeStop?.(signal);
      } catch (error) {
        console.error(error);
      }
      const forced = setTimeout(() => {
        this.cleanupSync();
        process.exit(130);
      }, 15_000);
      this.stopAll().finally(() => {
        clearTimeout(forced);
        process.exit(130);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', onSignal);
    // Whatever is still running when the process exits (an uncaught error, process.exit) is killed outright.
    process.on('exit', () => this.cleanupSync());
  }

  /**
   * Starts a child and keeps the last lines of its output. `ready` (a RegExp) resolves `started` once a line matches.
   * @returns {{ child: import('node:child_process').ChildProcess, tail: string[], name: string, started: Promise<void>, exited: Promise<number|null> }}
   */
  spawn(name, command, args, { env, cwd = root, ready } = {}) {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.add(child);
    // BENCH_LOG_DIR=<folder>: every child's whole output is kept there too (e.g. with STORE_COMMAND_PROFILE=1).
    const logFile = process.env.BENCH_LOG_DIR ? createWriteStream(join(process.env.BENCH_LOG_DIR, `${name}.log`), { flags: 'a' }) : null;
    if (logFile) {
      child.stdout.pipe(logFile, { end: false });
      child.stderr.pipe(logFile, { end: false });
    }
    const tail = [];
    let resolveReady;
    const started = new Promise((resolve) => (resolveReady = resolve));
    const onData = (chunk) => {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        if (ready?.test(line)) resolveReady();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.children.delete(child);
        resolve(code ?? signal);
      }),
    );
    if (!ready) resolveReady();
    return { child, tail, name, started, exited };
  }

  /** Starts a service definition of scripts/lib/services.cjs and waits for its port. */
  async launch(service) {
    const [command, ...args] = service.command;
    const proc = this.spawn(service.name, command, args);
    this.serviceChildren.add(proc.child);
    const died = proc.exited.then((code) => {
      throw new Error(`${service.name} exited with ${code} before listening:\n${proc.tail.join('\n')}`);
    });
    await Promise.race([services.waitForPort(service.port, 60_000), died]);
    died.catch(() => undefined);
    return proc;
  }

  /** FerretDB, Redis and MailDev on free ports; resolves with their URLs (the store URL without a database name). */
  async startServices() {
    const store = services.ferretdb(await freePort(), this.dataDir);
    const redis = services.redis(await freePort(), this.dataDir);
    const mail = services.mailCatcher(await freePort(), await freePort(), this.dataDir);
    await Promise.all([this.launch(store), this.launch(redis), this.launch(mail)]);
    await services.waitForPort(Number(new URL(mail.webUrl).port), 30_000);
    return { storeUrl: store.url, redisUrl: redis.url, smtpUrl: mail.url, mailWebUrl: mail.webUrl };
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
  async stop(proc, graceMs = 12_000) {
    const { child } = proc.child ? proc : { child: proc };
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /** Stops every child still running (the site's processes before the services they use), then removes the data. */
  async stopAll() {
    this.stopping = true;
    const first = [...this.children].filter((child) => !this.serviceChildren.has(child));
    await Promise.all(first.map((child) => this.stop(child)));
    await Promise.all([...this.children].map((child) => this.stop(child, 5_000)));
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  cleanupSync() {
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
