import { Controller, Get, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectThrottlerStorage, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { DataExportAccount } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { pacedWrites } from '../../../platform/http/paced-writes';
import { overLimit } from '../../../platform/rate-limits/rate-limit';
import { BuildDataExportQuery } from '../application/build-data-export.query';
import { RecordDataExportCommand } from '../application/record-data-export.command';
import { summaryPage } from './data-export-page';
import { DataExportLimit, DataExportMessage } from './data-export-limits';
import { type ExportForm, exportText, jsonFile } from './export-forms';

const FORMS = {
  json: { form: jsonFile, type: 'application/json; charset=utf-8', disposition: 'attachment' },
  html: { form: summaryPage, type: 'text/html; charset=utf-8', disposition: 'inline' },
} as const satisfies Record<string, { form: ExportForm; type: string; disposition: string }>;

/**
 * "Download my data" for the signed-in reader: a JSON file, or the same data as a page to read. Each answer counts
 * against the reader's hourly limit and is recorded (who, when, which form: never the data) before it is sent. The
 * answer is written as the data is read, after the route has returned (docs/architecture.md, "Download my data"): the
 * request deadline covers the checks and the record, never the reading, whose every store call has its own bound.
 */
@Controller('user/data-export')
@UseGuards(UserGuard)
export class DataExportController {
  private readonly logger = new Logger(DataExportController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly build: BuildDataExportQuery,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Get()
  json(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.export(claimsOf(req).sub, 'json', res);
  }

  @Get('summary')
  summary(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.export(claimsOf(req).sub, 'html', res);
  }

  private async export(userId: string, format: keyof typeof FORMS, res: Response): Promise<void> {
    if (await overLimit(this.attempts, DataExportLimit, userId)) throw new ThrottlerException(DataExportMessage.tooMany);
    const account = await this.build.account(userId);
    await this.commands.execute(new RecordDataExportCommand(userId, format));
    const now = new Date();
    const { form, type, disposition } = FORMS[format];
    res.status(200);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `${disposition}; filename="novel-shelf-data-${now.toISOString().slice(0, 10)}.${format}"`);
    // Personal data: kept by no cache on the way.
    res.setHeader('Cache-Control', 'no-store');
    void this.write(res, account, now, form).catch((error: unknown) => {
      // Broken off: the client sees an incomplete answer, never a file that looks whole.
      this.logger.warn(`a data export broke off: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    });
  }

  /** The export in `form`, each piece written once the client took the one before. */
  private async write(res: Response, account: DataExportAccount, now: Date, form: ExportForm): Promise<void> {
    const write = pacedWrites(res, res);
    for await (const text of exportText(await this.build.read(account, now), form)) {
      // A client gone: nothing more is read for it.
      if (res.destroyed) return;
      await write(text);
    }
    res.end();
  }
}
