import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MeilisearchEngine } from './meilisearch-engine';
import { meilisearchFilter } from './meilisearch-filter';

describe('MeilisearchEngine', () => {
  it('is healthy only when the server says it is available, and never throws', async () => {
    let status = 'available';
    const server = createServer((request, response) => {
      if (request.url !== '/health') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const engine = new MeilisearchEngine(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      expect(await engine.isHealthy()).toBe(true);
      status = 'unavailable';
      expect(await engine.isHealthy()).toBe(false);
    } finally {
      server.close();
    }
    expect(await new MeilisearchEngine('http://127.0.0.1:9').isHealthy()).toBe(false);
  });

  it('translates every filter into a quoted Meilisearch expression', () => {
    expect(
      meilisearchFilter({
        page: 1,
        pageSize: 10,
        sort: 'likes',
        diversity: 'Danmei/BL',
        originalLanguage: 'Japanese',
        completionStatus: 'Completed',
        ending: 'Happy Ending',
        minWordCount: 5001,
        maxWordCount: 50000,
        settings: ['Ancient Chinese'],
        genres: ['Slice of Life'],
        tags: ['Love-chasing Crematorium', 'Sweet'],
        excludeSettings: ['Modern'],
        excludeGenres: ['Horror'],
        excludeTags: ['Heartbreaking'],
        excludeBookIds: [4, 9],
      }),
    ).toEqual([
      'diversities = "Danmei/BL"',
      'original_languages = "Japanese"',
      'completion_statuses = "Completed"',
      'endings = "Happy Ending"',
      'book_word_count >= 5001',
      'book_word_count <= 50000',
      'settings = "Ancient Chinese"',
      'genres = "Slice of Life"',
      'tags = "Love-chasing Crematorium"',
      'tags = "Sweet"',
      'NOT settings = "Modern"',
      'NOT genres = "Horror"',
      'NOT tags = "Heartbreaking"',
      'book_id NOT IN [4, 9]',
    ]);
  });
});
