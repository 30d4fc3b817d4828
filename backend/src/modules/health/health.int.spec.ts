import type { INestApplication } from '@nestjs/common';
import { testServiceEnv } from '@test/support';
import { createServer } from 'node:net';
import { createApp } from '../../create-app';

async function healthOf(app: INestApplication): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL('/api/health', await app.getUrl()));
  return { status: response.status, body: await response.json() };
}

describe('GET /api/health', () => {
  it('answers 200 when the store, Redis and search all answer', async () => {
    const app = await createApp(testServiceEnv(__filename), ['error']);
    await app.listen(0, '127.0.0.1');
    try {
      expect(await healthOf(app)).toEqual({
        status: 200,
        body: { status: 'ok', store: 'up', redis: 'up', search: 'up', searchEngine: 'embedded' },
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 and names Redis when Redis does not answer', async () => {
    // A port that accepts nothing: bound, then closed before the app starts.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const app = await createApp(testServiceEnv(__filename, { redisUrl: `redis://127.0.0.1:${port}` }), ['error']);
    await app.listen(0, '127.0.0.1');
    try {
      expect(await healthOf(app)).toEqual({
        status: 503,
        body: { status: 'unavailable', store: 'up', redis: 'down', search: 'up', searchEngine: 'embedded' },
      });
    } finally {
      await app.close();
    }
  });
});
