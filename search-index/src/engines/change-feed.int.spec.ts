// The change feed on the real Redis: a site hears its own changes, never another site's on the same Redis.
import { testEnv } from '@test/support';
import { Redis } from 'ioredis';
import { ChangeFeed, type IndexChange } from './change-feed';

describe('the search index change feed', () => {
  const env = testEnv(__filename);
  const feeds: ChangeFeed[] = [];
  const feed = (prefix: string) => {
    const made = new ChangeFeed(new Redis(env.REDIS_URL), new Redis(env.REDIS_URL, { autoResubscribe: false }), prefix);
    feeds.push(made);
    return made;
  };
  afterAll(() => Promise.all(feeds.map((made) => made.close())));

  it("tells a site's subscribers its changes, and not another site's sharing the Redis", async () => {
    const [mine, other, listener] = [feed(`${env.QUEUE_PREFIX}-a`), feed(`${env.QUEUE_PREFIX}-b`), feed(`${env.QUEUE_PREFIX}-a`)];
    const heard: IndexChange[] = [];
    listener.subscribe((change) => heard.push(change));
    // Subscribed once it is told to reload everything.
    for (const deadline = Date.now() + 10_000; heard.length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    await other.publish([7]);
    await mine.publish([1, 2]);
    for (const deadline = Date.now() + 10_000; heard.length < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['all', [1, 2]]);
  });
});
