import { Body, Controller, Delete, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { MuteLists, MutesResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { MuteReaderCommand, UnmuteReaderCommand } from '../application/mute.commands';
import { MutesReadStore } from '../infrastructure/mutes-read-store';
import { MuteInput } from './mute-dtos';

/** A signed-in reader's muted and blocked readers: listed (on the profile page), added and taken off. */
@Controller('user/mutes')
@UseGuards(UserGuard)
export class MutesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: MutesReadStore,
  ) {}

  @Get()
  list(@Req() req: Request): Promise<MutesResponse> {
    return this.store.lists(claimsOf(req).sub);
  }

  @Put()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.mute)
  mute(@Req() req: Request, @Body() body: MuteInput): Promise<MutesResponse> {
    return this.commands.execute<MuteReaderCommand, MuteLists>(new MuteReaderCommand(claimsOf(req).sub, body.user_id, body.relation));
  }

  @Delete()
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.mute)
  unmute(@Req() req: Request, @Query() query: MuteInput): Promise<MutesResponse> {
    return this.commands.execute<UnmuteReaderCommand, MuteLists>(new UnmuteReaderCommand(claimsOf(req).sub, query.user_id, query.relation));
  }
}
