import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './api/health.controller';
import { DependencyIndicators } from './infrastructure/dependency-indicators';
import { ProjectionProgress } from './infrastructure/projection-progress';

/** GET /api/health, and the workers' progress through the log that it reports (the metrics report it too). */
@Module({
  // Terminus would log every failed check; the dependency-failure filter already reports an outage, once a minute.
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [DependencyIndicators, ProjectionProgress],
  exports: [ProjectionProgress],
})
export class HealthModule {}
