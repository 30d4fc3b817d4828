// `npm start`: runs the whole site on this machine. It starts the store (FerretDB), Redis and the SMTP catcher unless
// MONGO_URL / REDIS_URL / SMTP_URL name servers to use, then the API (which also serves the built web app) and the
// workers. Data lives in .data/, so the next start finds it. Ctrl-C stops every process started here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { concurrently } from 'concurrently';
import services from './lib/services.cjs';

const { root, profiles, ferretdb, redis, mailCatcher, waitForPort, isPortTaken } = services;
const ports = { ...profiles.run, http: Number(process.env.PORT ?? profiles.run.http) };
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

const env = { QUEUE_PREFIX: 'shelf', PORT: String(ports.http) };
const commands = [];
const local = [];
let mailWebUrl;

if (!process.env.MONGO_URL) {
  const store = ferretdb(ports.mongo, dataDir);
  local.push(store);
  env.MONGO_URL = `${store.url}shelf`;
}
if (!process.env.REDIS_URL) {
  const queue = redis(ports.redis, dataDir);
  local.push(queue);
  env.REDIS_URL = queue.url;
}
if (!process.env.SMTP_URL) {
  const mail = mailCatcher(ports.smtp, ports.mailWeb, dataDir);
  local.push(mail);
  env.SMTP_URL = mail.url;
  mailWebUrl = mail.webUrl;
}
for (const service of local) {
  if (await isPortTaken(service.port)) {
    console.error(`Port ${service.port} (${service.name}) is in use: is the site already running?`);
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

waitForPort(ports.http, 120000).then(
  () => {
    console.log(`\nNovel Shelf is running at http://127.0.0.1:${ports.http}/ (API under /api).`);
    if (mailWebUrl) console.log(`E-mail it sends is caught at ${mailWebUrl}/`);
    console.log('Press Ctrl-C to stop.\n');
  },
  () => undefined,
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
