import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * Runs a command against the test site as the npm scripts run theirs against `npm start` (through
 * `scripts/with-site-env.mjs`, with the test site's ports and data folder), e.g.
 * `runSiteCommand('node', 'backend/dist/modules/operators/cli/main.js', 'grant', email)`. Rejects on a non-zero exit.
 */
export function runSiteCommand(...command: string[]): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...inject('site').siteEnv };
  // The site's services are the embedded ones on the test site's ports: no URL of another site may leak in.
  for (const name of ['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'MEILI_URL', 'PUBLIC_URL']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/with-site-env.mjs', ...command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) done({ code, output });
      else fail(new Error(`${command.join(' ')} exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}
