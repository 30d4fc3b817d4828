import { Body, Controller, Delete, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SearchPreset, SearchPresetsResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { DeleteSearchPresetCommand, SaveSearchPresetCommand } from '../application/search-preset.commands';
import { SearchPresetsReadStore } from '../infrastructure/search-presets-read-store';
import { SearchPresetInput, SearchPresetNameInput } from './search-preset-dtos';

/** A signed-in reader's saved searches: a name for a /searchbook address query. */
@Controller('user/search-presets')
@UseGuards(UserGuard)
export class SearchPresetsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: SearchPresetsReadStore,
  ) {}

  @Get()
  async list(@Req() req: Request): Promise<SearchPresetsResponse> {
    return { presets: await this.store.presets(claimsOf(req).sub) };
  }

  @Put()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.searchPreset)
  async save(@Req() req: Request, @Body() body: SearchPresetInput): Promise<SearchPresetsResponse> {
    return { presets: await this.commands.execute<SaveSearchPresetCommand, SearchPreset[]>(new SaveSearchPresetCommand(claimsOf(req).sub, body.name, body.query)) };
  }

  @Delete()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.searchPreset)
  async delete(@Req() req: Request, @Query() query: SearchPresetNameInput): Promise<SearchPresetsResponse> {
    return { presets: await this.commands.execute<DeleteSearchPresetCommand, SearchPreset[]>(new DeleteSearchPresetCommand(claimsOf(req).sub, query.name)) };
  }
}
