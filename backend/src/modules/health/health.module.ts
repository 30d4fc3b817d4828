import { Module } from '@nestjs/common';
import { HealthController } from './api/health.controller';
import { ProjectionProgress } from './infrastructure/projection-progress';

/** GET /api/health, and the workers' progress through the log that it reports (the metrics report it too). */
@Module({ controllers: [HealthController], providers: [ProjectionProgress], exports: [ProjectionProgress] })
export class HealthModule {}
