// The built API started the way `npm start` and docker-compose start it, but with a variable missing or wrong.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const main = join(__dirname, '../../../dist/main.js');
// Built by `tsc -b` (npm run build, or the type-check `npm test` runs first).
const built = existsSync(main) ? it : it.skip;

const start = (variables: Record<string, string | undefined>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, [main], { env: { ...process.env, PORT: '0', ...variables }, timeout: 20_000 }, (_error, _stdout, stderr) =>
      resolve({ code: child.exitCode, stderr }),
    );
  });

describe('node backend/dist/main.js', () => {
  built('exits at once with the message when MONGO_URL is unset', async () => {
    const { code, stderr } = await start({ MONGO_URL: undefined });
    expect(code).toBe(1);
    expect(stderr).toContain("MONGO_URL is not set. Start the site with `npm start`, or set MONGO_URL to the service's URL.");
  });

  built('exits at once with the message when METRICS_TOKEN is too short to guard /metrics', async () => {
    const { code, stderr } = await start({ METRICS_TOKEN: 'short' });
    expect(code).toBe(1);
    expect(stderr).toContain('METRICS_TOKEN must be at least 32 characters long (or unset, to turn /metrics off).');
  });
});
