'use strict';
// The local stand-ins for production services (FerretDB for MongoDB, Debian's redis-server, MailDev for SMTP):
// how each one is started, and how to tell that it is listening. `npm start` and the test harness both use these
// definitions, each with its own ports and data folders, so a running site and a test run never share state.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const toolsBin = path.join(root, '.tools', 'bin');

/** Ports of the two local profiles. `npm start` uses `run`, the test harness `test`. */
const profiles = {
  run: { http: 8080, mongo: 27027, redis: 6390, smtp: 1025, mailWeb: 1080 },
  test: { http: 18080, mongo: 27127, redis: 6490, smtp: 1125, mailWeb: 1180 },
};

/** @returns {{name: string, command: string[], port: number, url: string, extraEnv?: Record<string,string>}} */
function ferretdb(port, dataDir) {
  const sqliteDir = path.join(dataDir, 'ferretdb');
  fs.mkdirSync(sqliteDir, { recursive: true });
  return {
    name: 'store',
    command: [
      path.join(toolsBin, 'ferretdb'),
      '--handler=sqlite',
      `--sqlite-url=file:${sqliteDir}/`,
      `--state-dir=${sqliteDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
      // A cursor its client stopped reading gives its SQLite connection back after this (the project's patch 0004;
      // tools/ferretdb/README.md). Reads at a reader's pace ask for their next batch far sooner.
      '--cursor-idle-timeout=30s',
    ],
    port,
    url: `mongodb://127.0.0.1:${port}/`,
  };
}

function redis(port, dataDir) {
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'redis',
    command: [
      'redis-server',
      '--port', String(port),
      '--bind', '127.0.0.1',
      '--dir', dir,
      '--appendonly', 'yes',
      '--appendfsync', 'everysec',
      '--maxmemory-policy', 'noeviction',
      '--save', '',
      '--loglevel', 'warning',
    ],
    port,
    url: `redis://127.0.0.1:${port}`,
  };
}

function mailCatcher(smtpPort, webPort, dataDir) {
  const dir = path.join(dataDir, 'mail');
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'mail',
    command: [
      process.execPath,
      require.resolve('maildev/bin/maildev'),
      '--smtp', String(smtpPort),
      '--web', String(webPort),
      '--ip', '127.0.0.1',
      '--web-ip', '127.0.0.1',
      '--mail-directory', dir,
      '--silent',
    ],
    port: smtpPort,
    url: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
  };
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
function waitForPort(port, timeoutMs = 30000, host = '127.0.0.1') {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** True when something already listens on the port (used to refuse a second start on the same ports). */
function isPortTaken(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

module.exports = { root, toolsBin, profiles, ferretdb, redis, mailCatcher, waitForPort, isPortTaken };
