// Security headers on every kind of answer (API, cached API, web app, dashboard, errors), the same headers in the
// docker-compose nginx, and X-Forwarded-For believed only from TRUST_PROXY.
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listeningApi } from '@test/listening-api';
import { WEB_DIST } from '../../backend/src/platform/http/web-dist';

const admin = { user: 'operator', password: 'a long operator passphrase' };

/** The add_header lines of the nginx snippet, by lower-case header name. */
function nginxHeaders(): Map<string, string> {
  const text = readFileSync(join(__dirname, '../../web/nginx-security-headers.conf'), 'utf8');
  return new Map([...text.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map(([, name, value]) => [name.toLowerCase(), value]));
}

describe('security headers and trusted proxies', () => {
  const env = testEnv(__filename, { ADMIN_USER: admin.user, ADMIN_PASSWORD: admin.password, SEARCH_RATE_LIMIT: '2' });
  let api: NestExpressApplication;
  let base: string;

  const start = async (trustProxy: string) => {
    const { api: app, base } = await listeningApi({ ...env, TRUST_PROXY: trustProxy });
    return { app, base };
  };

  beforeAll(async () => {
    ({ app: api, base } = await start('loopback'));
  });

  afterAll(async () => {
    await api.get<Connection>(getConnectionToken()).dropDatabase();
    await api.close();
  });

  const expectSecure = (response: Response, what: string) => {
    const headers = Object.fromEntries(response.headers);
    expect([what, headers['x-powered-by']]).toEqual([what, undefined]);
    expect([what, headers]).toMatchObject([
      what,
      {
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
        'cross-origin-opener-policy': 'same-origin',
      },
    ]);
    expect([what, headers['content-security-policy']]).not.toEqual([what, expect.stringContaining("'unsafe-inline' 'self'")]);
    expect([what, headers['content-security-policy'].match(/script-src [^;]*/)![0]]).not.toEqual([what, expect.stringContaining('unsafe-inline')]);
  };

  it('sends them on API answers, cached answers, errors and refused bodies, and never X-Powered-By', async () => {
    expectSecure(await fetch(`${base}/api/`), 'home');
    expectSecure(await fetch(`${base}/api/`), 'home from the response cache');
    expectSecure(await fetch(`${base}/api/no-such-book-999999`), 'a 404');
    expectSecure(await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }), 'a body that is not JSON');
    expectSecure(await fetch(`${base}/covers/1.svg`), 'a cover');
  });

  it("sets them on socket.io's own HTTP answers, which bypass the front door", async () => {
    const handshake = await fetch(`${base}/realtime/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expect(Object.fromEntries(handshake.headers)).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(handshake.headers.get('x-powered-by')).toBeNull();
  });

  it("gives the web app a policy that allows only its own scripts and index.html's inline one, by hash", async () => {
    const index = join(WEB_DIST, 'index.html');
    expect(existsSync(index)).toBe(true); // `npm run setup` builds the web app before the tests
    const page = await fetch(`${base}/`);
    expectSecure(page, 'the web app');
    const html = await page.text();
    // Scripts the browser runs: not the data a server-rendered page embeds as JSON.
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    const scriptSrc = page.headers.get('content-security-policy')!.match(/script-src ([^;]*)/)![1].split(' ');
    expect(scriptSrc.sort()).toEqual(["'self'", ...inline.map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)].sort());
  });

  it('gives the dashboard its own policy, framing refused, and the nginx of docker-compose the same headers as the API', async () => {
    const authorization = `Basic ${Buffer.from(`${admin.user}:${admin.password}`).toString('base64')}`;
    const dashboard = await fetch(`${base}/admin/queues`, { headers: { authorization } });
    expect(dashboard.status).toBe(200);
    expectSecure(dashboard, 'the dashboard');
    expect(dashboard.headers.get('content-security-policy')).toContain('https://fonts.googleapis.com');

    const page = await fetch(`${base}/`);
    const nginx = nginxHeaders();
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
      const same = (value: string | null | undefined) => value?.replace(/;\s*/g, '; ');
      expect([name, same(nginx.get(name))]).toEqual([name, same(page.headers.get(name))]);
    }
    expect(nginx.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    // Two searches per address are allowed here: addresses named by a trusted proxy are counted apart.
    const search = (b: string, forwardedFor: string) => fetch(`${b}/api/searchbook?book_name=x`, { headers: { 'x-forwarded-for': forwardedFor } });
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      expect((await search(base, address)).status).toBe(200);
      expect((await search(base, address)).status).toBe(200);
    }
    // A process that trusts no proxy on this machine counts every request as 127.0.0.1's, whatever the header says.
    const untrusting = await start('10.0.0.1');
    try {
      const statuses = [];
      for (const address of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) statuses.push((await search(untrusting.base, address)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await untrusting.app.close();
    }
  });
});
