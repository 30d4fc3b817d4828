import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSearchEngine } from './create-search-engine';

describe('createSearchEngine', () => {
  it('uses the embedded engine when MEILI_URL is unset, and it is healthy in-process', async () => {
    const engine = createSearchEngine({});
    expect(engine.kind).toBe('embedded');
    expect(await engine.isHealthy()).toBe(true);
  });

  it('uses Meilisearch when MEILI_URL is set, healthy only when the server says it is available', async () => {
    let status = 'available';
    const server = createServer((request, response) => {
      if (request.url !== '/health') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const engine = createSearchEngine({ meiliUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    try {
      expect(engine.kind).toBe('meilisearch');
      expect(await engine.isHealthy()).toBe(true);
      status = 'unavailable';
      expect(await engine.isHealthy()).toBe(false);
    } finally {
      server.close();
    }
  });

  it('reports an unreachable Meilisearch as unhealthy instead of throwing', async () => {
    expect(await createSearchEngine({ meiliUrl: 'http://127.0.0.1:9' }).isHealthy()).toBe(false);
  });
});
