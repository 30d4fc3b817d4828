import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * This API instance's metrics, with the Node process's own under prom-client's default names (CPU, memory, event-loop
 * lag, GC, handles). One registry per app, never prom-client's global one: the tests run several apps in one process.
 */
@Injectable()
export class MetricsRegistry extends Registry {
  constructor() {
    super();
    collectDefaultMetrics({ register: this });
  }
}
