import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ReaderSettings, type ReaderSettingsResponse, titleKey } from '@shelf/contracts';
import type { Request } from 'express';
import { DomainError } from '../../../domain/domain-error';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { ChooseReaderSwitchesCommand, ChooseTitleFormCommand } from '../application/choose-reader-settings.command';
import { ReaderSettingsReadStore } from '../infrastructure/reader-settings-read-store';
import { NO_SWITCH, ReaderSwitchesInput, TITLE_RULE, TitleFormInput } from './reader-settings-dtos';

/**
 * A signed-in reader's settings kept on the account: whether comments on chapters ahead of them are folded, whether
 * chapter text marks the glossary, and the form they read each glossary title in.
 */
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
  choose(@Req() req: Request, @Body() { spoiler_fold, glossary_marks }: ReaderSwitchesInput): Promise<ReaderSettingsResponse> {
    if (spoiler_fold === undefined && glossary_marks === undefined) throw new DomainError('invalid', NO_SWITCH);
    const switches = { ...(spoiler_fold !== undefined && { spoiler_fold }), ...(glossary_marks !== undefined && { glossary_marks }) };
    return this.commands.execute<ChooseReaderSwitchesCommand, ReaderSettings>(new ChooseReaderSwitchesCommand(claimsOf(req).sub, switches));
  }

  @Put('titles')
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.readerSettings)
  chooseTitle(@Req() req: Request, @Body() body: TitleFormInput): Promise<ReaderSettingsResponse> {
    const title = titleKey(body.title);
    if (title === '') throw new DomainError('invalid', TITLE_RULE);
    return this.commands.execute<ChooseTitleFormCommand, ReaderSettings>(new ChooseTitleFormCommand(claimsOf(req).sub, title, body.form));
  }
}
