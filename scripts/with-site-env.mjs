// Runs a command against the services of a running `npm start` (or the URLs set in the environment), e.g.
// `npm run catalog -- import ./my-books` or `npm run projections:rebuild`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import services from './lib/services.cjs';
import { siteEnv } from './lib/site-env.mjs';

const [command, ...args] = process.argv.slice(2);
const env = { ...process.env, ...siteEnv(process.env.DATA_DIR ?? join(services.root, '.data')) };
const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: services.root });
process.exit(result.status ?? 1);
