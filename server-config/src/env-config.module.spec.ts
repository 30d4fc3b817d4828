import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { EnvConfigModule } from './env-config.module';
import { required, withDefault } from './env-fields';

const TOKEN = Symbol('TEST_ENV');
const schema = z.object({ STORE_URL: required('STORE_URL'), PREFIX: withDefault('shelf') }).transform((vars) => ({ storeUrl: vars.STORE_URL, prefix: vars.PREFIX }));

@Injectable()
class User {
  constructor(@Inject(TOKEN) readonly env: z.output<typeof schema>) {}
}

const start = (variables: Record<string, string | undefined>) =>
  NestFactory.createApplicationContext(
    { module: class Root {}, imports: [EnvConfigModule.forRoot({ token: TOKEN, schema, variables })], providers: [User] },
    { logger: false, abortOnError: false },
  );

describe('EnvConfigModule', () => {
  it('injects the typed environment read from the variables given, and nothing from or to process.env', async () => {
    process.env.PREFIX = 'from-process-env';
    try {
      const app = await start({ STORE_URL: ' mongodb://db/ ' });
      expect(app.get(User).env).toEqual({ storeUrl: 'mongodb://db/', prefix: 'shelf' });
      expect(app.get(ConfigService).get('env')).toEqual({ storeUrl: 'mongodb://db/', prefix: 'shelf' });
      expect(app.get(ConfigService).get('PREFIX')).toBeUndefined();
      expect(process.env.STORE_URL).toBeUndefined();
      await app.close();
    } finally {
      delete process.env.PREFIX;
    }
  });

  it('stops the start with the message of the variable that is missing', async () => {
    await expect(start({})).rejects.toThrow("STORE_URL is not set. Start the site with `npm start`, or set STORE_URL to the service's URL.");
  });
});
