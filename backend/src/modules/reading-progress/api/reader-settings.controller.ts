import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ReaderSettings, ReaderSettingsResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { ChooseSpoilerFoldCommand } from '../application/choose-spoiler-fold.command';
import { ReaderSettingsReadStore } from '../infrastructure/reader-settings-read-store';
import { ReaderSettingsInput } from './reader-settings-dtos';

/** A signed-in reader's settings kept on the account: whether comments on chapters ahead of them are folded. */
@Controller('user/reader-settings')
@UseGuards(UserGuard)
export class ReaderSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: ReaderSettingsReadStore,
  ) {}

  @Get()
  get(@Req() req: Request): Promise<ReaderSettingsResponse> {
    return this.store.settings(claimsOf(req).sub);
  }

  @Put()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.readerSettings)
  choose(@Req() req: Request, @Body() body: ReaderSettingsInput): Promise<ReaderSettingsResponse> {
    return this.commands.execute<ChooseSpoilerFoldCommand, ReaderSettings>(new ChooseSpoilerFoldCommand(claimsOf(req).sub, body.spoiler_fold));
  }
}
