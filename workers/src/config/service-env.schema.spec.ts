import { InvalidEnvError, readEnv } from '@shelf/server-config';
import { serviceEnvSchema } from './service-env.schema';

describe("the workers' environment", () => {
  const complete = { MONGO_URL: 'mongodb://db/', REDIS_URL: 'redis://r', SMTP_URL: 'smtp://m', AUTH_SECRET: 'x'.repeat(32), KEY_ENCRYPTION_KEY: 'k'.repeat(32) };

  it('reads the shared variables and the mail settings, nothing of the API', () => {
    expect(readEnv(serviceEnvSchema, { ...complete, MAIL_FROM: ' ', METRICS_TOKEN: 'short', ADMIN_USER: 'ops' })).toEqual({
      mongoUrl: 'mongodb://db/',
      redisUrl: 'redis://r',
      queuePrefix: 'shelf',
      meiliUrl: undefined,
      meiliMasterKey: undefined,
      authSecret: 'x'.repeat(32),
      keyEncryptionKey: 'k'.repeat(32),
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: 'smtp://m',
      mailFrom: 'Novel Shelf <no-reply@novelshelf.local>',
      digestCheckEveryMs: 300_000,
    });
    expect(readEnv(serviceEnvSchema, { ...complete, MAIL_FROM: ' Shelf <mail@example.test> ' }).mailFrom).toBe('Shelf <mail@example.test>');
  });

  it.each(['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'AUTH_SECRET', 'KEY_ENCRYPTION_KEY'])('names %s when it is missing or blank', (name) => {
    const message = `${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`;
    expect(() => readEnv(serviceEnvSchema, { ...complete, [name]: ' ' })).toThrow(new InvalidEnvError([message]));
    expect(() => readEnv(serviceEnvSchema, { ...complete, [name]: undefined })).toThrow(new InvalidEnvError([message]));
  });

  it('reads how often digests are checked, and refuses what is no whole number of ms from 500', () => {
    expect(readEnv(serviceEnvSchema, { ...complete, DIGEST_CHECK_EVERY_MS: '1000' }).digestCheckEveryMs).toBe(1000);
    for (const value of ['100', '1.5', 'often']) {
      expect(() => readEnv(serviceEnvSchema, { ...complete, DIGEST_CHECK_EVERY_MS: value })).toThrow(
        new InvalidEnvError(['DIGEST_CHECK_EVERY_MS must be a whole number of ms, at least 500.']),
      );
    }
  });

  it('refuses an AUTH_SECRET shorter than 32 characters, as the API does', () => {
    expect(() => readEnv(serviceEnvSchema, { ...complete, AUTH_SECRET: 'short' })).toThrow(new InvalidEnvError(['AUTH_SECRET must be at least 32 characters long.']));
  });
});
