'use strict';
// The embedded store's supervisor (`npm start` and the fault tests): runs FerretDB, probes it, and restarts it when it
// stops answering. FerretDB 1.24 on SQLite can stop answering every client for good (every SQLite connection held,
// callers waiting for one for ever); the project's patches (tools/ferretdb/patches) remove the causes known, and this
// is the backstop for any other: a store that answers neither a ping nor one `_id` read for PROBE_FAILURES probes in a
// row is made to print its goroutine dump (SIGQUIT; kept in <data>/store-dumps/ for the operators), killed, and started
// again on the same data (the log is in SQLite's WAL: nothing acknowledged is lost). The API and the workers reconnect
// by themselves. Each restart is recorded in <data>/store-restarts.json, which `npm run doctor` and /metrics read
// (server-config's store-restarts.ts reads it; this file writes it).
const { spawn } = require('node:child_process');
const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const path = require('node:path');
const { MongoClient } = require('mongodb');
const { waitForPort } = require('./services.cjs');

/** How often the store is probed, how long a probe may take, and how many failed probes in a row restart it. */
const PROBE_EVERY_MS = 2000;
const PROBE_TIMEOUT_MS = 3000;
const PROBE_FAILURES = 3;
/** How long the store has to print its dump and exit after SIGQUIT (or to stop after SIGTERM) before SIGKILL. */
const EXIT_GRACE_MS = 5000;
/** The collection the probe reads by `_id`, in the site's own database (each database is its own SQLite pool). */
const PROBE_COLLECTION = 'store_probe';
/** The restarts the record keeps in detail (the count keeps them all). */
const KEPT_RESTARTS = 20;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file of the restarts' record in a data folder. */
const restartsFile = (dataDir) => path.join(dataDir, 'store-restarts.json');

class StoreSupervisor extends EventEmitter {
  /**
   * @param {{ command: string[], port: number, url: string }} service the store as services.cjs defines it
   * @param {{ dataDir: string, database: string, output?: (line: string) => void }} options
   *   `output` gets the store's own output lines and the supervisor's notes.
   */
  constructor(service, { dataDir, database, output = (line) => process.stderr.write(`${line}\n`) }) {
    super();
    this.service = service;
    this.dataDir = dataDir;
    this.database = database;
    this.output = output;
    this.child = undefined;
    this.stopping = false;
    this.recovering = false;
    this.restarts = 0;
    this.probing = undefined;
  }

  /** The store's process id, while it runs. */
  get pid() {
    return this.child?.pid;
  }

  /** Starts the store, resolves once it listens, and probes it from then on. */
  async start() {
    await this.launch();
    this.probing = this.probeLoop();
  }

  /** Stops probing and the store (SIGTERM, then SIGKILL after the grace). */
  async stop() {
    this.stopping = true;
    await this.end(this.child, 'SIGTERM');
    await this.probing;
  }

  async launch() {
    const [command, ...args] = this.service.command;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stderrLines = [];
    const lines = (stream, keep) => {
      let buffered = '';
      stream.on('data', (chunk) => {
        const parts = (buffered + chunk.toString()).split('\n');
        buffered = parts.pop();
        for (const line of parts) {
          // While a dump is being taken its lines go to the dump file, not to the terminal.
          if (keep && child.dumping) child.stderrLines.push(line);
          else this.output(line);
        }
      });
      stream.on('end', () => buffered && (keep && child.dumping ? child.stderrLines.push(buffered) : this.output(buffered)));
    };
    lines(child.stdout, false);
    lines(child.stderr, true);
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const died = child.exited.then(({ code, signal }) => Promise.reject(new Error(`the store exited (${signal ?? code}) before listening`)));
    await Promise.race([waitForPort(this.service.port, 30_000), died]);
    died.catch(() => undefined);
    child.exited.then(({ code, signal }) => {
      if (!this.stopping && this.child === child && !child.restarting) this.recover(`it exited by itself (${signal ?? code})`, false);
    });
  }

  /** Sends `signal`, and SIGKILL if the process has not exited after the grace; resolves once it has exited. */
  async end(child, signal) {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const exited = await Promise.race([child.exited.then(() => true), sleep(EXIT_GRACE_MS).then(() => false)]);
    if (!exited) {
      child.kill('SIGKILL');
      await child.exited;
    }
  }

  async probeLoop() {
    const client = new MongoClient(this.service.url, {
      timeoutMS: PROBE_TIMEOUT_MS,
      serverSelectionTimeoutMS: PROBE_TIMEOUT_MS,
      connectTimeoutMS: PROBE_TIMEOUT_MS,
      maxPoolSize: 2,
    });
    const probes = client.db(this.database).collection(PROBE_COLLECTION);
    let failures = 0;
    let seeded = false;
    try {
      while (!this.stopping) {
        await sleep(PROBE_EVERY_MS);
        if (this.stopping || this.recovering) continue;
        try {
          await client.db('admin').command({ ping: 1 });
          // A probe document read by `_id` takes one of the site database's SQLite connections, as every call does.
          if (!seeded) {
            await probes.updateOne({ _id: 'probe' }, { $set: { at: new Date() } }, { upsert: true });
            seeded = true;
          }
          await probes.findOne({ _id: 'probe' });
          failures = 0;
        } catch (error) {
          failures += 1;
          if (failures >= PROBE_FAILURES && !this.stopping) {
            failures = 0;
            await this.recover(`it answered no probe for ${PROBE_FAILURES} probes in a row (${error.message})`, true);
          }
        }
      }
    } finally {
      await client.close(true).catch(() => undefined);
    }
  }

  /** Takes the dump (if `dump` and the process is alive), kills the store, starts it again and records the restart. */
  async recover(reason, dump) {
    if (this.recovering || this.stopping) return;
    this.recovering = true;
    const child = this.child;
    const at = new Date();
    let dumpFile = null;
    try {
      child.restarting = true;
      if (dump && child.exitCode === null && child.signalCode === null) {
        child.dumping = true;
        // A stopped process (SIGSTOP) takes SIGQUIT only once it runs again.
        child.kill('SIGCONT');
        await this.end(child, 'SIGQUIT');
        if (child.stderrLines.length > 0) {
          const dir = path.join(this.dataDir, 'store-dumps');
          fs.mkdirSync(dir, { recursive: true });
          dumpFile = path.join(dir, `${at.toISOString().replaceAll(':', '-')}.txt`);
          fs.writeFileSync(dumpFile, `${child.stderrLines.join('\n')}\n`);
        }
      } else {
        await this.end(child, 'SIGKILL');
      }
      this.restarts += 1;
      this.output(`store supervisor: restarting the store: ${reason}${dumpFile ? `; goroutine dump in ${dumpFile}` : ''}`);
      recordRestart(this.dataDir, { at: at.toISOString(), reason, dump: dumpFile });
      for (let attempt = 1; !this.stopping; attempt++) {
        try {
          await this.launch();
          break;
        } catch (error) {
          this.output(`store supervisor: the store did not start again (${error.message}); trying again`);
          await sleep(Math.min(1000 * attempt, 10_000));
        }
      }
      this.emit('restarted', { at, reason, dump: dumpFile });
    } finally {
      this.recovering = false;
    }
  }
}

/** Adds a restart to the data folder's record: `{ total, restarts: [{ at, reason, dump }] }`, newest last. */
function recordRestart(dataDir, restart) {
  const file = restartsFile(dataDir);
  let record = { total: 0, restarts: [] };
  try {
    record = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // No record yet, or an unreadable one: start again.
  }
  record.total += 1;
  record.restarts = [...record.restarts, restart].slice(-KEPT_RESTARTS);
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(record, null, 2));
  fs.renameSync(temporary, file);
}

module.exports = { StoreSupervisor, restartsFile };
