'use strict';
// Starts FerretDB, Redis and the SMTP catcher for one Jest run, on free ports with throw-away data, unless
// MONGO_URL / REDIS_URL / SMTP_URL (with MAIL_CATCHER_URL) name servers to use instead. The URLs reach the test
// files through the environment; test/support.ts turns them into one database and queue prefix per file.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const services = require('../scripts/lib/services.cjs');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function launch(service, children) {
  const [command, ...args] = service.command;
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${service.name} exited with ${code} before listening:\n${stderr}`))),
  );
  await Promise.race([services.waitForPort(service.port), exited]);
  exited.catch(() => undefined);
}

module.exports = async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelf-test-'));
  const children = [];
  globalThis.__shelfTestServices = { children, dataDir };
  // A run stopped by a signal runs no teardown: stop the services with it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      children.forEach((child) => child.kill('SIGTERM'));
      process.kill(process.pid, signal);
    });
  }
  try {
    await startMissing(children, dataDir);
  } catch (error) {
    // Jest runs no teardown when the setup fails: stop what did start.
    await require('./global-teardown.cjs')();
    throw error;
  }
};

async function startMissing(children, dataDir) {
  process.env.AUTH_SECRET ??= require('node:crypto').randomBytes(32).toString('base64url');
  process.env.KEY_ENCRYPTION_KEY ??= require('node:crypto').randomBytes(32).toString('base64url');
  if (!process.env.MONGO_URL) {
    const store = services.ferretdb(await freePort(), dataDir);
    await launch(store, children);
    process.env.MONGO_URL = store.url;
  }
  if (!process.env.REDIS_URL) {
    const redis = services.redis(await freePort(), dataDir);
    await launch(redis, children);
    process.env.REDIS_URL = redis.url;
  }
  if (!process.env.SMTP_URL || !process.env.MAIL_CATCHER_URL) {
    const mail = services.mailCatcher(await freePort(), await freePort(), dataDir);
    await launch(mail, children);
    await services.waitForPort(Number(new URL(mail.webUrl).port));
    process.env.SMTP_URL = mail.url;
    process.env.MAIL_CATCHER_URL = mail.webUrl;
  }
}
