import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { DashboardLoginLimits } from './api/dashboard-login-limits';
import { DashboardSession } from './api/dashboard-session';
import { OperatorController } from './api/operator.controller';
import { OperatorGuard } from './api/operator.guard';
import { QueueDashboard } from './api/queue-dashboard';

/**
 * What the site's operators sign in to: the role guard the operators' routes use, who the operator is, and the queue
 * dashboard (createApp mounts its handler) with its session.
 */
@Module({
  imports: [AccountsModule],
  controllers: [OperatorController],
  providers: [QueueDashboard, DashboardLoginLimits, DashboardSession, OperatorGuard],
  exports: [QueueDashboard, OperatorGuard, AccountsModule],
})
export class OperatorsModule {}
