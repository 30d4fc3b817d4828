import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { readEnv } from '@shelf/server-config';
import { serviceEnvSchema } from '../config/service-env.schema';
import { checkLines } from '../doctor/doctor-lines';
import { CHECK_TIMEOUT_MS, runDoctor, within } from '../doctor/run-doctor';
import { type Projector, PROJECTORS } from '../engine';
import { WorkersModule } from '../workers.module';

const USAGE = `usage: npm run doctor [-- --json]
  checks the store, Redis, the search engine and SMTP, the projectors' checkpoints against the log, parked events,
  the mail outbox, the read models' collections, the personal keys and a log backup kept by log:migrate; each check gives up after ${CHECK_TIMEOUT_MS / 1000} s
  --json  prints the whole report as JSON, and nothing else (with \`npm run -s\`, so npm adds no banner)
  exit code: 0 all well, 1 a dependency is down, 2 all up but something is behind, parked, unsent or kept, 64 bad usage`;

/** `npm run doctor`: one line per check as it completes, then a summary; the exit code tells scripts the verdict. */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.some((arg) => arg !== '--json')) {
    console.error(USAGE);
    return 64;
  }
  const json = args.includes('--json');
  // Read here, through the workers' schema, as well as by their module: the dependencies are checked apart from it.
  const env = readEnv(serviceEnvSchema, process.env);
  let app: INestApplicationContext | undefined;
  try {
    if (!json) console.log(`Checking the site at ${new URL(env.mongoUrl).host} (queue prefix ${env.queuePrefix})…`);
    const report = await runDoctor({
      env,
      // The workers' own module, as the other operations commands build it (nothing consumes); silent, so that a
      // failure to start is reported on the workers' line rather than printed (and not aborting the process).
      projectors: async () => {
        app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: false, abortOnError: false });
        return app.get<Projector[]>(PROJECTORS);
      },
      onCheck: json ? undefined : (name, result) => checkLines(name, result).forEach((line) => console.log(line)),
    });
    console.log(json ? JSON.stringify(report, null, 2) : report.summary);
    return report.exitCode;
  } finally {
    // A context whose Redis is away may be slow to close: it is given a moment, then the process exits anyway.
    await within(CHECK_TIMEOUT_MS, async () => app?.close()).catch(() => undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
