// `npm start`: runs the whole site on this machine. It starts the store (FerretDB, under its supervisor, which restarts
// it when it stops answering), Redis and the SMTP catcher unless MONGO_URL / REDIS_URL / SMTP_URL name servers to use,
// then the API (which also serves the built web app) and the workers. Data lives in .data/, so the next start finds
// it. Ctrl-C stops every process started here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { concurrently } from 'concurrently';
import services from './lib/services.cjs';
import supervision from './lib/store-supervisor.cjs';
import { ADMIN_PASSWORD_FILE, METRICS_TOKEN_FILE, runPorts, siteEnv } from './lib/site-env.mjs';

const { root, ferretdb, redis, mailCatcher, waitForPort, isPortTaken } = services;
let ports;
try {
  ports = runPorts();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? join(root, '.data');

const quote = (arg) => `'${String(arg).replaceAll("'", `'\\''`)}'`;
const shellLine = (argv) => `exec ${argv.map(quote).join(' ')}`;

for (const built of ['backend/dist/main.js', 'workers/dist/main.js', 'web/dist/index.html', '.tools/bin/ferretdb']) {
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run \`npm run setup\` first.`);
    process.exit(1);
  }
}
if (await isPortTaken(ports.http)) {
  console.error(`Port ${ports.http} is in use: is the site already running? Set PORT to start another on a free port.`);
  process.exit(1);
}

// Framework logs at warning level unless LOG_LEVEL asks for more (error, warn, log, debug, verbose).
const env = { ...siteEnv(dataDir), PORT: String(ports.http), LOG_LEVEL: process.env.LOG_LEVEL || 'warn' };
const commands = [];
const local = [];
const mail = mailCatcher(ports.smtp, ports.mailWeb, dataDir);

const store = process.env.MONGO_URL ? null : ferretdb(ports.mongo, dataDir);
if (store) local.push(store);
if (!process.env.REDIS_URL) local.push(redis(ports.redis, dataDir));
if (!process.env.SMTP_URL) local.push(mail);
for (const service of local) {
  if (await isPortTaken(service.port)) {
    console.error(`Port ${service.port} (${service.name}) is in use: is the site already running? See docs/configuration.md for the port variables.`);
    process.exit(1);
  }
  // Redis's start-up notes go to its log file unless LOG_LEVEL asks for the services' logs too.
  const command = service.name === 'redis' && !process.env.LOG_LEVEL ? [...service.command, '--logfile', join(dataDir, 'redis', 'redis.log')] : service.command;
  if (service !== store) commands.push({ name: service.name, command: shellLine(command) });
}
// The store runs under its supervisor, in this process: started first, restarted when it stops answering.
const supervisor = store && new supervision.StoreSupervisor(store, { dataDir, database: new URL(env.MONGO_URL).pathname.slice(1), output: (line) => console.error(`[store  ] ${line}`) });
if (supervisor) {
  try {
    await supervisor.start();
  } catch (error) {
    console.error(`The store did not start: ${error.message}`);
    process.exit(1);
  }
}
commands.push(
  { name: 'api', command: shellLine([process.execPath, 'backend/dist/main.js']), env },
  { name: 'workers', command: shellLine([process.execPath, 'workers/dist/main.js']), env },
);

const { result } = concurrently(commands, {
  cwd: root,
  prefix: 'name',
  padPrefix: true,
  killOthersOn: ['failure'],
  killSignal: 'SIGTERM',
  killTimeout: 10000,
});

const siteUrl = `http://127.0.0.1:${ports.http}/`;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The API's JSON answer at `path`, or null while it cannot give one. */
async function getJson(path) {
  try {
    const response = await fetch(new URL(`api${path}`, siteUrl), { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Imports the demo catalog until one import has finished (the command skips it after that), and resolves with whether
 * it did. With a catalog of your own, start with DEMO_CATALOG=off so the demo does not overwrite books with the same ids.
 */
function seedDemoCatalog() {
  return new Promise((resolve) => {
    // Its one line of output ("Demo catalog imported: …" or "… imported before.") is kept out of the way; errors show.
    const seed = spawn(process.execPath, ['backend/dist/modules/catalog/cli/main.js', 'seed-demo'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Stopped half-way, the import resumes on the next start: it is idempotent and only a finished one is marked.
    const stop = () => seed.kill('SIGTERM');
    process.on('exit', stop);
    seed.on('exit', (code) => {
      process.off('exit', stop);
      if (code !== 0) console.error('The demo catalog could not be imported; see the lines above.');
      resolve(code === 0);
    });
  });
}

/**
 * Resolves once readers see what the site holds: the API answers health, and the workers have projected the whole log
 * (the demo catalog's stories searchable): with the stories it holds, or null when the site stopped first.
 */
async function siteReady() {
  for (;;) {
    const health = await getJson('/health');
    if (health?.status === 'ok' && health.projectionLag === 0) {
      const search = await getJson('/searchbook?page=1');
      if (typeof search?.totalBooks === 'number') return search.totalBooks;
    }
    await sleep(500);
  }
}

/** The one banner `npm start` prints: where the site is, once it is ready, and where to look next. */
function banner(stories, demo) {
  const password = process.env.ADMIN_PASSWORD ? 'the ADMIN_PASSWORD you set' : `\`cat ${join(dataDir, ADMIN_PASSWORD_FILE)}\``;
  const token = process.env.METRICS_TOKEN ? 'the METRICS_TOKEN you set' : `\`cat ${join(dataDir, METRICS_TOKEN_FILE)}\``;
  const catalog = demo ? `with the demo catalog (${stories} stories)` : `with ${stories} ${stories === 1 ? 'story' : 'stories'}`;
  const lines = [
    `Novel Shelf is ready at ${siteUrl} ${catalog}.`,
    ...(process.env.SMTP_URL ? [] : [`E-mail it sends: ${mail.webUrl}/`]),
    `Queue dashboard: ${siteUrl}admin/queues (user ${env.ADMIN_USER}, password: ${password})`,
    `Metrics: ${siteUrl}metrics (bearer token: ${token})`,
    'Operators: `npm run operators -- grant <email>`. More logs: LOG_LEVEL=log npm start. Ctrl-C stops the site.',
  ];
  const rule = '─'.repeat(lines[0].length);
  return ['', rule, ...lines, rule, ''].join('\n');
}

const demo = process.env.DEMO_CATALOG !== 'off';
console.log(`Starting Novel Shelf${demo ? ' and its demo catalog (a minute or two the first time)' : ''}…`);
waitForPort(ports.http, 120000).then(
  async () => {
    const imported = demo ? await seedDemoCatalog() : false;
    const stories = await siteReady();
    console.log(banner(stories, imported));
  },
  () => undefined,
);

// The supervised store stops last, once the API and the workers have.
const stopStore = () => supervisor?.stop();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => supervisor && (supervisor.stopping = true));
result.then(
  () => Promise.resolve(stopStore()).then(() => process.exit(0)),
  () => Promise.resolve(stopStore()).then(() => process.exit(1)),
);
