import { z } from 'zod';
import { InvalidEnvError, readEnv } from './read-env';
import { sharedEnv, sharedEnvShape } from './shared-env';

describe('the shared environment', () => {
  const schema = z.object(sharedEnvShape).transform(sharedEnv);
  const complete = { MONGO_URL: 'mongodb://db/', REDIS_URL: 'redis://r', AUTH_SECRET: 'x'.repeat(32), KEY_ENCRYPTION_KEY: 'k'.repeat(32) };
  const problems = (variables: Record<string, string | undefined>) => {
    try {
      readEnv(schema, variables);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvError);
      return (error as InvalidEnvError).message.split('\n');
    }
    throw new Error('the variables were accepted');
  };

  it('reads the services, with the defaults for what is unset or blank', () => {
    expect(readEnv(schema, { ...complete, MEILI_URL: ' ', PUBLIC_URL: '' })).toEqual({
      mongoUrl: 'mongodb://db/',
      redisUrl: 'redis://r',
      queuePrefix: 'shelf',
      meiliUrl: undefined,
      meiliMasterKey: undefined,
      authSecret: 'x'.repeat(32),
      keyEncryptionKey: 'k'.repeat(32),
      publicUrl: 'http://127.0.0.1:8080',
    });
  });

  it('trims what is set, and the trailing slashes of PUBLIC_URL', () => {
    expect(
      readEnv(schema, { ...complete, MEILI_URL: ' http://meili:7700 ', MEILI_MASTER_KEY: ' k ', QUEUE_PREFIX: ' t_1 ', PUBLIC_URL: 'https://novels.example.com//' }),
    ).toMatchObject({ meiliUrl: 'http://meili:7700', meiliMasterKey: 'k', queuePrefix: 't_1', publicUrl: 'https://novels.example.com' });
  });

  it.each(['MONGO_URL', 'REDIS_URL', 'AUTH_SECRET', 'KEY_ENCRYPTION_KEY'])('names %s when it is missing or blank, once', (name) => {
    const message = `${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`;
    expect(problems({ ...complete, [name]: undefined })).toEqual([message]);
    expect(problems({ ...complete, [name]: '  ' })).toEqual([message]);
  });

  it('names every problem, one a line', () => {
    expect(() => readEnv(schema, {})).toThrow(
      ['MONGO_URL', 'REDIS_URL', 'AUTH_SECRET'].map((name) => `${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`).join('\n'),
    );
  });

  it.each(['AUTH_SECRET', 'KEY_ENCRYPTION_KEY'])('refuses a %s shorter than 32 characters', (name) => {
    expect(problems({ ...complete, [name]: ` ${'x'.repeat(31)} ` })).toEqual([`${name} must be at least 32 characters long.`]);
  });

  it('refuses a PUBLIC_URL that is not an http or https address', () => {
    for (const url of ['novels.example.com', 'ftp://novels.example.com', 'https://']) {
      expect(problems({ ...complete, PUBLIC_URL: url })).toEqual(['PUBLIC_URL must be the address readers use, starting with http:// or https://.']);
    }
  });
});
