// Services and processes a fault test owns, so it can kill, freeze and restart them without disturbing other test
// files: a FerretDB or Redis of its own, and the API or workers as child processes built from dist/.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the service definitions are CommonJS, shared with npm start
const services = require('../scripts/lib/services.cjs') as {
  root: string;
  ferretdb(port: number, dataDir: string): { command: string[]; port: number; url: string };
  redis(port: number, dataDir: string): { command: string[]; url: string };
  waitForPort(port: number, timeoutMs?: number): Promise<void>;
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Every process this test file started and has not seen exit. */
const running = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

// After the file's own hooks: whatever a failed test left running is killed, or its output pipe would keep Jest from
// exiting (and a stray API or store would outlive the run).
afterAll(() => Promise.all([...running].map((child) => kill(child))));

async function kill(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A FerretDB or Redis server of the test's own, which it may kill (-9) and start again, keeping or emptying its data. */
export class OwnService {
  private child?: ChildProcess;
  private dataDir = mkdtempSync(join(tmpdir(), 'own-service-'));

  private constructor(
    private readonly kind: 'ferretdb' | 'redis',
    readonly port: number,
  ) {}

  static async start(kind: 'ferretdb' | 'redis'): Promise<OwnService> {
    const service = new OwnService(kind, await freePort());
    await service.start();
    return service;
  }

  /** Its URL; a store's with `database` as its path. */
  url(database = ''): string {
    return this.kind === 'ferretdb' ? `mongodb://127.0.0.1:${this.port}/${database}` : `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const [command, ...args] = services[this.kind](this.port, this.dataDir).command;
    this.child = track(spawn(command, args, { stdio: 'ignore' }));
    await services.waitForPort(this.port);
  }

  /** kill -9, then start again on the same data (a crash and restart) or, `empty`, on none. */
  async restart({ empty = false } = {}): Promise<void> {
    await kill(this.child);
    if (empty) {
      rmSync(this.dataDir, { recursive: true, force: true });
      this.dataDir = mkdtempSync(join(tmpdir(), 'own-service-'));
    }
    await this.start();
  }

  async kill(): Promise<void> {
    await kill(this.child);
  }

  async stop(): Promise<void> {
    await kill(this.child);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The API (`backend/dist/main.js`) or the workers (`workers/dist/main.js`) as a child process, to kill at will. */
export class SiteProcess {
  private child?: ChildProcess;
  /** The store writes it made, as it traced them (`<command> <collection>`), when started with STORE_WRITE_TRACE=1. */
  readonly writes: string[] = [];
  /** Its last lines of output (its log), for a test's diagnosis. */
  readonly output: string[] = [];

  constructor(
    private readonly app: 'backend' | 'workers',
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** Starts it; the API resolves once it listens on `PORT`. */
  async start(extraEnv: Record<string, string> = {}): Promise<this> {
    const env = { ...this.env, ...extraEnv };
    const child = track(spawn(process.execPath, [join(services.root, `${this.app}/dist/main.js`)], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    this.child = child;
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith('store-write ')) this.writes.push(line.split(' ').slice(2).join(' '));
      this.output.push(...lines.filter((line) => !line.startsWith('store-write ')));
      this.output.splice(0, this.output.length - 2000);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      this.output.splice(0, this.output.length - 2000);
    });
    if (this.app === 'backend') {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await Promise.race([services.waitForPort(Number(env.PORT)), exited]);
    }
    return this;
  }

  /** Resolves when it has exited (at once if it has). */
  exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** kill -9: no shutdown, nothing flushed. */
  kill(): Promise<void> {
    return kill(this.child);
  }

  /** A clean stop (SIGTERM), as an operator's restart does. */
  stop(): Promise<void> {
    return kill(this.child, 'SIGTERM');
  }

  /** SIGSTOP: frozen where it stands (a paused VM, a long garbage collection), until `thaw`. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT: goes on from where `freeze` stopped it. */
  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}

/** The embedded store under its supervisor (scripts/lib/store-supervisor.cjs), as `npm start` runs it. */
export interface SupervisedStore {
  readonly pid: number | undefined;
  readonly restarts: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  once(event: 'restarted', listener: (restart: { at: Date; reason: string; dump: string | null }) => void): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the supervisor is CommonJS, shared with npm start
export const supervision = require('../scripts/lib/store-supervisor.cjs') as {
  StoreSupervisor: new (
    service: { command: string[]; port: number; url: string },
    options: { dataDir: string; database: string; output?: (line: string) => void },
  ) => SupervisedStore;
  restartsFile(dataDir: string): string;
};

/** The store's definition as `npm start` runs it (FerretDB on SQLite), on `port` with its data in `dataDir`. */
export const ferretdbService = (port: number, dataDir: string) => services.ferretdb(port, dataDir);
