import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { OperatorActionResponse, OperatorMeResponse } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { DashboardSession } from './dashboard-session';
import { operatorOf, OperatorsOnly } from './operator.guard';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard';

/** Who the operator is, and the session that opens the queue dashboard. */
@Controller('admin')
@OperatorsOnly()
export class OperatorController {
  constructor(private readonly dashboard: DashboardSession) {}

  @Get('me')
  me(@Req() req: Request): OperatorMeResponse {
    const operator = operatorOf(req);
    return { operator: true, user_id: operator.userId, username: operator.username };
  }

  @Post('queue-dashboard-session')
  @HttpCode(200)
  openDashboard(@Req() req: Request, @Res({ passthrough: true }) res: Response): OperatorActionResponse {
    this.dashboard.open(res, operatorOf(req).userId, QUEUE_DASHBOARD_PATH);
    return { message: `The queue dashboard is open to you for 15 minutes at ${QUEUE_DASHBOARD_PATH}.` };
  }
}
