/**
 * The environment every server process reads. Only MONGO_URL, REDIS_URL, MEILI_URL and SMTP_URL choose between
 * production services and the embedded default; `npm start` and the test harness always set the first, second and
 * fourth, so a process started without them is a mistake and says so.
 */
export interface ServiceEnv {
  mongoUrl: string;
  redisUrl: string;
  /** Unset: the embedded search adapter is used. */
  meiliUrl?: string;
  meiliMasterKey?: string;
  smtpUrl: string;
  /** The From address of the site's e-mail. */
  mailFrom: string;
  /** The Redis key prefix of every BullMQ queue; tests give each file its own. */
  queuePrefix: string;
  /** Searches one client may make per 10 seconds (SEARCH_RATE_LIMIT). */
  searchRateLimit: number;
  /** The secret that signs access tokens and e-mail tokens (AUTH_SECRET, at least 32 characters). */
  authSecret: string;
  /** Where readers reach the site; e-mail links start with it (PUBLIC_URL). */
  publicUrl: string;
  /** HTTP Basic credentials of the queue dashboard (ADMIN_USER, ADMIN_PASSWORD); unset, the dashboard is off. */
  admin?: AdminCredentials;
  /** The bearer token Prometheus presents at GET /metrics (METRICS_TOKEN, 32+ characters); unset, metrics are off. */
  metricsToken?: string;
  /**
   * The proxies whose X-Forwarded-For names the client (TRUST_PROXY: addresses, CIDR ranges or `loopback`,
   * `linklocal`, `uniquelocal`, comma-separated; default `loopback`). Any other peer is the client itself.
   */
  trustProxy: string;
}

export interface AdminCredentials {
  user: string;
  password: string;
}

export class MissingEnvError extends Error {
  constructor(name: string) {
    super(`${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`);
    this.name = 'MissingEnvError';
  }
}

function required(env: Record<string, string | undefined>, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new MissingEnvError(name);
  return value;
}

function authSecret(env: Record<string, string | undefined>): string {
  const secret = required(env, 'AUTH_SECRET');
  if (secret.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters long.');
  return secret;
}

/** Both or neither: one without the other is a mistake, and a short password guards nothing. */
function admin(env: Record<string, string | undefined>): AdminCredentials | undefined {
  const user = env.ADMIN_USER?.trim();
  const password = env.ADMIN_PASSWORD?.trim();
  if (!user && !password) return undefined;
  if (!user || !password) throw new Error('ADMIN_USER and ADMIN_PASSWORD must be set together (or neither, to turn the queue dashboard off).');
  if (password.length < 12) throw new Error('ADMIN_PASSWORD must be at least 12 characters long.');
  return { user, password };
}

/** A bearer token is the only guard of /metrics (nothing limits wrong ones), so it must be long enough not to be guessed. */
function metricsToken(env: Record<string, string | undefined>): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < 32) throw new Error('METRICS_TOKEN must be at least 32 characters long (or unset, to turn /metrics off).');
  return token;
}

export function readServiceEnv(env: Record<string, string | undefined>): ServiceEnv {
  return {
    mongoUrl: required(env, 'MONGO_URL'),
    redisUrl: required(env, 'REDIS_URL'),
    meiliUrl: env.MEILI_URL?.trim() || undefined,
    meiliMasterKey: env.MEILI_MASTER_KEY?.trim() || undefined,
    smtpUrl: required(env, 'SMTP_URL'),
    mailFrom: env.MAIL_FROM?.trim() || 'Novel Shelf <no-reply@novelshelf.local>',
    queuePrefix: env.QUEUE_PREFIX?.trim() || 'shelf',
    searchRateLimit: Number(env.SEARCH_RATE_LIMIT) > 0 ? Number(env.SEARCH_RATE_LIMIT) : 20,
    authSecret: authSecret(env),
    publicUrl: (env.PUBLIC_URL?.trim() || 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    admin: admin(env),
    metricsToken: metricsToken(env),
    trustProxy: env.TRUST_PROXY?.trim() || 'loopback',
  };
}
