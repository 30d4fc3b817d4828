import { MissingEnvError, readServiceEnv } from './service-env';

describe('readServiceEnv', () => {
  const complete = { MONGO_URL: 'mongodb://db/', REDIS_URL: 'redis://r', SMTP_URL: 'smtp://m', AUTH_SECRET: 'x'.repeat(32) };

  it('reads the service URLs and leaves search embedded when MEILI_URL is unset', () => {
    expect(readServiceEnv(complete)).toMatchObject({
      mongoUrl: 'mongodb://db/',
      redisUrl: 'redis://r',
      smtpUrl: 'smtp://m',
      meiliUrl: undefined,
      queuePrefix: 'shelf',
    });
  });

  it('uses Meilisearch when MEILI_URL is set', () => {
    expect(readServiceEnv({ ...complete, MEILI_URL: ' http://meili:7700 ', MEILI_MASTER_KEY: 'k' })).toMatchObject({
      meiliUrl: 'http://meili:7700',
      meiliMasterKey: 'k',
    });
  });

  it('refuses an AUTH_SECRET shorter than 32 characters', () => {
    expect(() => readServiceEnv({ ...complete, AUTH_SECRET: 'short' })).toThrow('AUTH_SECRET must be at least 32 characters long.');
  });

  it('turns the queue dashboard on only with both admin credentials', () => {
    expect(readServiceEnv(complete).admin).toBeUndefined();
    expect(readServiceEnv({ ...complete, ADMIN_USER: ' ops ', ADMIN_PASSWORD: ' a long passphrase ' }).admin).toEqual({ user: 'ops', password: 'a long passphrase' });
    expect(() => readServiceEnv({ ...complete, ADMIN_USER: 'ops' })).toThrow('ADMIN_USER and ADMIN_PASSWORD must be set together');
    expect(() => readServiceEnv({ ...complete, ADMIN_PASSWORD: 'a long passphrase' })).toThrow('ADMIN_USER and ADMIN_PASSWORD must be set together');
    expect(() => readServiceEnv({ ...complete, ADMIN_USER: 'ops', ADMIN_PASSWORD: 'short' })).toThrow('ADMIN_PASSWORD must be at least 12 characters long.');
  });

  it('turns /metrics on only with a METRICS_TOKEN of 32 or more characters', () => {
    expect(readServiceEnv(complete).metricsToken).toBeUndefined();
    expect(readServiceEnv({ ...complete, METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
    expect(readServiceEnv({ ...complete, METRICS_TOKEN: ` ${'t'.repeat(32)} ` }).metricsToken).toBe('t'.repeat(32));
    expect(() => readServiceEnv({ ...complete, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters long');
  });

  it.each(['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'AUTH_SECRET'])('names %s when it is missing or blank', (name) => {
    expect(() => readServiceEnv({ ...complete, [name]: ' ' })).toThrow(MissingEnvError);
    expect(() => readServiceEnv({ ...complete, [name]: undefined })).toThrow(`${name} is not set`);
  });
});
