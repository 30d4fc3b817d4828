// The environment of the site's processes: the URLs given, or those of the local services `npm start` runs.
import services from './services.cjs';

const { ferretdb, redis, mailCatcher, profiles } = services;

/** Service URLs for the run profile; `dataDir` only matters to the service definitions, not to the URLs. */
export function siteEnv(dataDir, env = process.env) {
  const ports = profiles.run;
  return {
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'shelf',
    MONGO_URL: env.MONGO_URL ?? `${ferretdb(ports.mongo, dataDir).url}shelf`,
    REDIS_URL: env.REDIS_URL ?? redis(ports.redis, dataDir).url,
    SMTP_URL: env.SMTP_URL ?? mailCatcher(ports.smtp, ports.mailWeb, dataDir).url,
  };
}
