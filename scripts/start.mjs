// `npm start`: runs the whole site on this machine. It starts the store (FerretDB), Redis and the SMTP catcher unless
// MONGO_URL / REDIS_URL / SMTP_URL name servers to use, then the API (which also serves the built web app) and the
// workers. Data lives in .data/, so the next start finds it. Ctrl-C stops every process started here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { concurrently } from 'concurrently';
import services from './lib/services.cjs';
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

const env = { ...siteEnv(dataDir), PORT: String(ports.http) };
const commands = [];
const local = [];
const mail = mailCatcher(ports.smtp, ports.mailWeb, dataDir);

if (!process.env.MONGO_URL) local.push(ferretdb(ports.mongo, dataDir));
if (!process.env.REDIS_URL) local.push(redis(ports.redis, dataDir));
if (!process.env.SMTP_URL) local.push(mail);
for (const service of local) {
  if (await isPortTaken(service.port)) {
    console.error(`Port ${service.port} (${service.name}) is in use: is the site already running? See the README's configuration for the port variables.`);
    process.exit(1);
  }
  commands.push({ name: service.name, command: shellLine(service.command) });
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

/**
 * Imports the demo catalog until one import has finished (the command skips it after that). With a catalog
 * of your own, start with DEMO_CATALOG=off so the demo does not overwrite books with the same ids.
 */
function seedDemoCatalog() {
  const seed = spawn(process.execPath, ['backend/dist/modules/catalog/cli/main.js', 'seed-demo'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  seed.on('exit', (code) => code !== 0 && console.error('The demo catalog could not be imported; see the lines above.'));
  // Stopped half-way, the import resumes on the next start: it is idempotent and only a finished one is marked.
  process.on('exit', () => seed.kill('SIGTERM'));
}

waitForPort(ports.http, 120000).then(
  () => {
    console.log(`\nNovel Shelf is running at http://127.0.0.1:${ports.http}/ (API under /api).`);
    if (!process.env.SMTP_URL) console.log(`E-mail it sends is caught at ${mail.webUrl}/`);
    const password = process.env.ADMIN_PASSWORD ? 'the ADMIN_PASSWORD you set' : `\`cat ${join(dataDir, ADMIN_PASSWORD_FILE)}\``;
    console.log('Operators: `npm run operators -- grant <email>` gives an account the role (Moderation and Audit trail in its menu).');
    console.log(`Queue dashboard: http://127.0.0.1:${ports.http}/admin/queues (from the moderation page, or user ${env.ADMIN_USER}, password: ${password})`);
    const token = process.env.METRICS_TOKEN ? 'the METRICS_TOKEN you set' : `\`cat ${join(dataDir, METRICS_TOKEN_FILE)}\``;
    console.log(`Prometheus metrics: http://127.0.0.1:${ports.http}/metrics (Authorization: Bearer <token>, token: ${token}; see docs/metrics.md)`);
    console.log('Press Ctrl-C to stop.\n');
    if (process.env.DEMO_CATALOG !== 'off') seedDemoCatalog();
  },
  () => undefined,
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
