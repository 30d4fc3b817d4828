import { IoAdapter } from '@nestjs/platform-socket.io';
import { realtimeRedisKey } from '@shelf/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { ServiceEnv } from '../platform/config/service-env';
import { NON_PAGE_HEADERS } from '../platform/http/security-headers';

/**
 * The adapter sends these commands without looking at their answers. While Redis is away they wait for it, and when the
 * connection is closed (app.close()) each fails with "Connection is closed.": a rejection nobody handles, which ends
 * the process (Node's default) or fails the test that closed it. Their failure is Redis being away, which the health
 * check reports, so it is dropped here.
 */
function ignoreFailures(connection: Redis, names: readonly ('publish' | 'subscribe' | 'psubscribe' | 'unsubscribe' | 'punsubscribe')[]): void {
  for (const name of names) {
    const send = connection[name].bind(connection) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(connection, {
      [name]: (...args: unknown[]) => {
        const answer = send(...args);
        answer.catch(() => undefined);
        return answer;
      },
    });
  }
}

/**
 * socket.io on the API's own HTTP server (gateways without a port share it), with the Redis adapter: an emit from
 * any API process, or from the workers' Redis emitter, reaches the sockets of every API process. The adapter's
 * publish and subscribe connections are its own and close after the socket.io server, on app.close().
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly connections: Redis[] = [];

  constructor(
    app: ConstructorParameters<typeof IoAdapter>[0],
    private readonly env: ServiceEnv,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    // Publishes wait out a Redis outage rather than fail: a late badge count is better than an unhandled rejection.
    const pub = new Redis(this.env.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    ignoreFailures(pub, ['publish']);
    ignoreFailures(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);
    for (const connection of [pub, sub]) {
      // The health check reports Redis; without a listener ioredis would print every reconnect attempt.
      connection.on('error', () => undefined);
      this.connections.push(connection);
    }
    const adapter = createAdapter(pub, sub, { key: realtimeRedisKey(this.env.queuePrefix) });
    const server = super.createIOServer(port, { ...options, adapter } as ServerOptions) as Server;
    // socket.io answers its HTTP requests before the front door sees them: it sets the security headers itself.
    server.engine.on('headers', (headers: Record<string, string>) => Object.assign(headers, NON_PAGE_HEADERS));
    return server;
  }

  override async dispose(): Promise<void> {
    // QUIT lets the adapter's last unsubscribes be answered first; a connection that is down (or goes down
    // meanwhile) is just dropped.
    await Promise.all(
      this.connections.splice(0).map((connection) =>
        connection.status === 'ready' ? connection.quit().catch(() => connection.disconnect()) : connection.disconnect(),
      ),
    );
  }
}
