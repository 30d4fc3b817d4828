import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectThrottlerStorage, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { DataExport } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { overLimit } from '../../../platform/rate-limits/rate-limit';
import { BuildDataExportQuery } from '../application/build-data-export.query';
import { RecordDataExportCommand } from '../application/record-data-export.command';
import { dataExportPage } from './data-export-page';
import { DataExportLimit, DataExportMessage } from './data-export-limits';

/**
 * "Download my data" for the signed-in reader: a JSON file, or the same data as a page to read. Each answer counts
 * against the reader's hourly limit and is recorded (who, when, which form: never the data) before it is sent.
 */
@Controller('user/data-export')
@UseGuards(UserGuard)
export class DataExportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly build: BuildDataExportQuery,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Get()
  async json(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<DataExport> {
    const data = await this.export(claimsOf(req).sub, 'json');
    sendAs(res, 'application/json; charset=utf-8', `attachment; filename="${fileName(data, 'json')}"`);
    return data;
  }

  @Get('summary')
  async summary(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const data = await this.export(claimsOf(req).sub, 'html');
    sendAs(res, 'text/html; charset=utf-8', `inline; filename="${fileName(data, 'html')}"`);
    return dataExportPage(data);
  }

  private async export(userId: string, format: 'json' | 'html'): Promise<DataExport> {
    if (await overLimit(this.attempts, DataExportLimit, userId)) throw new ThrottlerException(DataExportMessage.tooMany);
    const data = await this.build.execute(userId);
    await this.commands.execute(new RecordDataExportCommand(userId, format));
    return data;
  }
}

const fileName = (data: DataExport, extension: string) => `novel-shelf-data-${data.exported_at.slice(0, 10)}.${extension}`;

function sendAs(res: Response, type: string, disposition: string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', disposition);
  // Personal data: kept by no cache on the way.
  res.setHeader('Cache-Control', 'no-store');
}
