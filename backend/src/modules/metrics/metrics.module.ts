import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/realtime.module';
import { HealthModule } from '../health/health.module';
import { MetricsEndpoint } from './api/metrics-endpoint';
import { DependencyMetrics } from './application/dependency-metrics';
import { HttpMetrics } from './application/http-metrics';
import { MailCountsReader } from './infrastructure/mail-counts.reader';
import { MetricsRegistry } from './infrastructure/metrics-registry';
import { QueueDepthReader } from './infrastructure/queue-depth.reader';
import { UnopenableFieldsReader } from './infrastructure/unopenable-fields.reader';

/**
 * Prometheus metrics for operators (docs/metrics.md): createApp hands HttpMetrics.observe to the front door, which
 * measures every request, and mounts MetricsEndpoint's handler at /metrics.
 */
@Module({
  imports: [HealthModule, RealtimeModule],
  providers: [MetricsRegistry, HttpMetrics, DependencyMetrics, QueueDepthReader, MailCountsReader, UnopenableFieldsReader, MetricsEndpoint],
  exports: [HttpMetrics, MetricsEndpoint],
})
export class MetricsModule {}
