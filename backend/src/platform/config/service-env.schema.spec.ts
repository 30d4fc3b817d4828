import { InvalidEnvError, readEnv } from '@shelf/server-config';
import { serviceEnvSchema } from './service-env.schema';

describe("the API's environment", () => {
  const complete = { MONGO_URL: 'mongodb://db/', REDIS_URL: 'redis://r', AUTH_SECRET: 'x'.repeat(32), KEY_ENCRYPTION_KEY: 'k'.repeat(32) };
  const read = (variables: Record<string, string | undefined>) => readEnv(serviceEnvSchema, { ...complete, ...variables });
  const problems = (variables: Record<string, string | undefined>) => {
    try {
      read(variables);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvError);
      return (error as InvalidEnvError).message.split('\n');
    }
    throw new Error('the variables were accepted');
  };

  it('needs only the store, Redis and the secret: not SMTP, which the workers send with', () => {
    expect(read({})).toEqual({
      mongoUrl: 'mongodb://db/',
      redisUrl: 'redis://r',
      queuePrefix: 'shelf',
      meiliUrl: undefined,
      meiliMasterKey: undefined,
      authSecret: 'x'.repeat(32),
      keyEncryptionKey: 'k'.repeat(32),
      publicUrl: 'http://127.0.0.1:8080',
      searchRateLimit: 20,
      admin: undefined,
      metricsToken: undefined,
      trustProxy: 'loopback',
      erasureLedger: '.data/erasure-ledger',
    });
  });

  it.each(['MONGO_URL', 'REDIS_URL', 'AUTH_SECRET', 'KEY_ENCRYPTION_KEY'])('names %s when it is missing', (name) => {
    expect(problems({ [name]: undefined })).toEqual([`${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`]);
  });

  it('refuses an AUTH_SECRET shorter than 32 characters', () => {
    expect(problems({ AUTH_SECRET: 'short' })).toEqual(['AUTH_SECRET must be at least 32 characters long.']);
  });

  it('reads SEARCH_RATE_LIMIT as a whole number above 0', () => {
    expect(read({ SEARCH_RATE_LIMIT: ' 5 ' }).searchRateLimit).toBe(5);
    expect(read({ SEARCH_RATE_LIMIT: '' }).searchRateLimit).toBe(20);
    for (const limit of ['0', '-1', '2.5', 'many']) {
      expect(problems({ SEARCH_RATE_LIMIT: limit })).toEqual(['SEARCH_RATE_LIMIT must be a whole number above 0 (searches per 10 seconds).']);
    }
  });

  it('turns the queue dashboard on only with both admin credentials, the password 12 characters or more', () => {
    expect(read({ ADMIN_USER: ' ops ', ADMIN_PASSWORD: ' a long passphrase ' }).admin).toEqual({ user: 'ops', password: 'a long passphrase' });
    expect(read({ ADMIN_USER: ' ', ADMIN_PASSWORD: '' }).admin).toBeUndefined();
    const together = 'ADMIN_USER and ADMIN_PASSWORD must be set together (or neither, to turn the queue dashboard off).';
    expect(problems({ ADMIN_USER: 'ops' })).toEqual([together]);
    expect(problems({ ADMIN_PASSWORD: 'a long passphrase' })).toEqual([together]);
    expect(problems({ ADMIN_USER: 'ops', ADMIN_PASSWORD: ' short ' })).toEqual(['ADMIN_PASSWORD must be at least 12 characters long.']);
  });

  it('turns /metrics on only with a METRICS_TOKEN of 32 or more characters', () => {
    expect(read({ METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
    expect(read({ METRICS_TOKEN: ` ${'t'.repeat(32)} ` }).metricsToken).toBe('t'.repeat(32));
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN must be at least 32 characters long (or unset, to turn /metrics off).']);
  });

  it('takes the proxies of TRUST_PROXY as proxy-addr reads them, and refuses what it cannot read', () => {
    expect(read({ TRUST_PROXY: ' 172.28.0.2, loopback ' }).trustProxy).toBe('172.28.0.2, loopback');
    expect(problems({ TRUST_PROXY: 'nginx' })).toEqual(['TRUST_PROXY must list addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated.']);
  });

  it('names every variable that is wrong at once', () => {
    expect(problems({ MONGO_URL: undefined, METRICS_TOKEN: 'short', TRUST_PROXY: 'nginx' })).toHaveLength(3);
  });
});
