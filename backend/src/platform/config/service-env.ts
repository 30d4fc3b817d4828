import type { SharedEnv } from '@shelf/server-config';

/** Injection token of the ServiceEnv the API was started with (provided by PlatformModule's EnvConfigModule). */
export const SERVICE_ENV = Symbol('SERVICE_ENV');

/** The environment the API reads; service-env.schema.ts names the variables and their rules. */
export interface ServiceEnv extends SharedEnv {
  /** Searches one client may make per 10 seconds (SEARCH_RATE_LIMIT). */
  searchRateLimit: number;
  /** HTTP Basic credentials of the queue dashboard (ADMIN_USER, ADMIN_PASSWORD); unset, the dashboard is off. */
  admin?: AdminCredentials;
  /** The bearer token Prometheus presents at GET /metrics (METRICS_TOKEN, 32+ characters); unset, metrics are off. */
  metricsToken?: string;
  /**
   * The proxies whose X-Forwarded-For names the client (TRUST_PROXY: addresses, CIDR ranges or `loopback`,
   * `linklocal`, `uniquelocal`, comma-separated; default `loopback`). Any other peer is the client itself.
   */
  trustProxy: string;
  /** The erasure ledger's file (ERASURE_LEDGER; default `.data/erasure-ledger`), kept apart from the store's backups. */
  erasureLedger: string;
}

export interface AdminCredentials {
  user: string;
  password: string;
}
