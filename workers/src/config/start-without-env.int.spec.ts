// The built workers started the way `npm start` and docker-compose start them, but with a variable missing.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const main = join(__dirname, '../../dist/main.js');
// Built by `tsc -b` (npm run build, or the type-check `npm test` runs first).
const built = existsSync(main) ? it : it.skip;

describe('node workers/dist/main.js', () => {
  built('exits at once with the message when SMTP_URL is unset', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [main], { env: { ...process.env, SMTP_URL: undefined }, timeout: 20_000 }, (_error, _stdout, stderr) =>
        resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toContain("SMTP_URL is not set. Start the site with `npm start`, or set SMTP_URL to the service's URL.");
  });
});
