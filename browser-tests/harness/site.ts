// Runs the whole site as `npm start` does (scripts/start.mjs) on free ports with a fresh data folder, waits until the
// demo catalog is imported and projected, and stops every process it started (the whole process group).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface SiteInfo {
  /** The site, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** MailDev's web UI and REST API: `GET {mailUrl}/email` lists the caught e-mail. */
  mailUrl: string;
  /**
   * What chooses the site's ports and data folder (PORT, MONGO_PORT, REDIS_PORT, SMTP_PORT, MAIL_WEB_PORT, DATA_DIR):
   * `scripts/with-site-env.mjs` makes the rest of the site's environment from them, so commands reach this site.
   */
  siteEnv: Record<string, string>;
  /** What `npm start` printed until it said the site was ready (its banner). */
  startOutput: string;
}

const ROOT = resolve(import.meta.dirname, '../..');
const DEMO_BOOKS = 64;
const READY_TIMEOUT_MS = 300_000;
/** What scripts/start.mjs prints once, when the site answers with the demo catalog imported and projected. */
const READY_BANNER = 'Novel Shelf is ready at http://127.0.0.1:';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

export class RunningSite implements SiteInfo {
  private exited = false;
  private readonly exit: Promise<void>;
  startOutput = '';

  constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly mailUrl: string,
    private readonly dataDir: string,
    readonly siteEnv: Record<string, string>,
    readonly output: () => string,
  ) {
    this.exit = new Promise((done) => child.once('exit', () => ((this.exited = true), done())));
  }

  get hasExited(): boolean {
    return this.exited;
  }

  /** Signals the whole process group: start.mjs, the services, the API, the workers and the demo import. */
  private signal(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  }

  /** SIGTERM to the group, SIGKILL after 15 s, then the data folder is deleted. */
  async stop(): Promise<void> {
    this.signal('SIGTERM');
    const stopped = await Promise.race([this.exit.then(() => true), sleep(15_000).then(() => false)]);
    // start.mjs may be gone while a service lingers: a last SIGKILL to the group catches stragglers either way.
    await sleep(stopped ? 500 : 0);
    this.signal('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** For an exit without teardown (the runner killed): no waiting possible, so SIGKILL at once. */
  killNow(): void {
    this.signal('SIGKILL');
  }
}

/** Starts the site and resolves once the demo catalog is imported and every book is searchable. */
export async function startSite(logFile: string): Promise<RunningSite> {
  const [http, mongo, redis, smtp, mailWeb] = await Promise.all(Array.from({ length: 5 }, freePort));
  const dataDir = mkdtempSync(join(tmpdir(), 'shelf-browser-'));
  mkdirSync(resolve(logFile, '..'), { recursive: true });
  const log = createWriteStream(logFile);
  let output = '';
  const siteEnv = {
    PORT: String(http),
    MONGO_PORT: String(mongo),
    REDIS_PORT: String(redis),
    SMTP_PORT: String(smtp),
    MAIL_WEB_PORT: String(mailWeb),
    DATA_DIR: dataDir,
  };
  const env: NodeJS.ProcessEnv = { ...process.env, ...siteEnv };
  for (const name of ['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'MEILI_URL', 'PUBLIC_URL', 'DEMO_CATALOG'] as const) delete env[name];
  // detached: a process group of its own, so stop() reaches every process, however deep.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const site = new RunningSite(child, `http://127.0.0.1:${http}`, `http://127.0.0.1:${mailWeb}`, dataDir, siteEnv, () => output);
  try {
    await waitUntilReady(site);
    site.startOutput = output;
    return site;
  } catch (error) {
    await site.stop();
    throw error;
  }
}

async function waitUntilReady(site: RunningSite): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (site.hasExited) throw new Error(`the site stopped while starting:\n${site.output().slice(-3000)}`);
    // The banner comes once the catalog is there: said any earlier, the site would send a reader to an empty home.
    if (site.output().includes(READY_BANNER)) {
      if (await catalogIsProjected(site.baseUrl)) return;
      throw new Error(`the site said it was ready before its demo catalog was imported and projected:\n${site.output().slice(-3000)}`);
    }
    await sleep(1000);
  }
  throw new Error(`the site was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${site.output().slice(-3000)}`);
}

/** Every demo book is searchable and the newest book's page lists its chapters. */
async function catalogIsProjected(baseUrl: string): Promise<boolean> {
  const search = await getJson<{ totalBooks: number }>(`${baseUrl}/api/searchbook?page=1`);
  if (search?.totalBooks !== DEMO_BOOKS) return false;
  const home = await getJson<{ latestBooks: { book_id: number; latest_chapter: number | null }[] }>(`${baseUrl}/api/`);
  const newest = home?.latestBooks[0];
  if (!newest) return false;
  const book = await getJson<{ chapters: { chapter_id: number }[] }>(`${baseUrl}/api/${newest.book_id}`);
  return book?.chapters.some((chapter) => chapter.chapter_id === newest.latest_chapter) ?? false;
}
