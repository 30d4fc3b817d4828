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

  it.each(['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'AUTH_SECRET'])('names %s when it is missing or blank', (name) => {
    expect(() => readServiceEnv({ ...complete, [name]: ' ' })).toThrow(MissingEnvError);
    expect(() => readServiceEnv({ ...complete, [name]: undefined })).toThrow(`${name} is not set`);
  });
});
