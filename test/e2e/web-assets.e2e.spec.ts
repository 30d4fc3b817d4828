// The web app's scripts and style sheets go out as the build compressed them (Brotli or gzip, as the client accepts),
// with their own type and for good in the browser's cache; a client that accepts neither gets the file itself.
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listeningApi } from '@test/listening-api';
import { WEB_DIST } from '../../backend/src/platform/http/web-dist';

/** A raw GET (fetch would decompress, and never asks for less than gzip and Brotli). */
function get(base: string, path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the web app’s built scripts and style sheets', () => {
  const env = testEnv(__filename);
  let api: NestExpressApplication;
  let base: string;
  // `npm run setup` builds the web app before the tests.
  const script = readdirSync(join(WEB_DIST, 'assets')).find((file) => /^index-.*\.js$/.test(file))!;
  const original = readFileSync(join(WEB_DIST, 'assets', script));

  beforeAll(async () => {
    ({ api, base } = await listeningApi(env));
  });

  afterAll(async () => {
    await api.get<Connection>(getConnectionToken()).dropDatabase();
    await api.close();
  });

  it('sends the Brotli copy to a browser that accepts it, the gzip one to a client that accepts only gzip', async () => {
    const brotli = await get(base, `/assets/${script}`, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8', vary: 'Accept-Encoding' });
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);
    // Compressed at the build's best, smaller than gzip.
    expect(brotli.body.length).toBeLessThan(original.length / 3);

    const gzip = await get(base, `/assets/${script}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(gzip.body.length).toBeGreaterThan(brotli.body.length);
  });

  it('sends the file itself to a client that accepts no encoding, and leaves addresses outside the assets alone', async () => {
    const plain = await get(base, `/assets/${script}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    for (const path of [`/assets/..%2f..%2fpackage.json`, '/assets/../package.json', '/assets/no-such-file.js']) {
      const answer = await get(base, path, 'br');
      const body = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
      expect([path, answer.headers['content-type']]).not.toEqual([path, 'text/javascript; charset=utf-8']);
      expect([path, body.includes('"workspaces"')]).toEqual([path, false]);
    }
  });
});
