'use strict';
const fs = require('node:fs');

/** Stops what global-setup started and removes its data. */
module.exports = async function globalTeardown() {
  const state = globalThis.__shelfTestServices;
  if (!state) return;
  await Promise.all(
    state.children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(state.dataDir, { recursive: true, force: true });
};
