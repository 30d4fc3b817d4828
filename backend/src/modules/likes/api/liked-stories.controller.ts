import { Controller, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { LikedStoriesResponse, MessageResponse, UncheckedUpdatesResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { GetLikedStoriesQuery } from '../application/get-liked-stories.query';
import { MarkUpdatesCheckedCommand } from '../application/mark-updates-checked.command';
import { LikedStoriesReadModels } from '../infrastructure/liked-stories-read-models';
import { LikedStoriesQuery } from './liked-stories-dtos';

/** A logged-in reader's liked stories: a page of them, the unchecked-updates count of the badge, and the checked mark. */
@Controller('user/liked-story')
@UseGuards(UserGuard)
export class LikedStoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly likedStories: GetLikedStoriesQuery,
    private readonly readers: LikedStoriesReadModels,
  ) {}

  @Get()
  getLikedStories(@Req() req: Request, @Query() query: LikedStoriesQuery): Promise<LikedStoriesResponse> {
    return this.likedStories.execute(claimsOf(req).sub, query.pageNum, query.sort_by);
  }

  @Get('unchecked-updates-count')
  async uncheckedCount(@Req() req: Request): Promise<UncheckedUpdatesResponse> {
    return { uncheckedUpdatesCount: await this.readers.uncheckedCount(claimsOf(req).sub) };
  }

  @Put('mark-updates-checked')
  async markChecked(@Req() req: Request): Promise<MessageResponse> {
    const marked = await this.commands.execute<MarkUpdatesCheckedCommand, number>(new MarkUpdatesCheckedCommand(claimsOf(req).sub));
    return { message: marked === 0 ? 'No unchecked updates.' : `Marked updates of ${marked} ${marked === 1 ? 'story' : 'stories'} as checked.` };
  }
}
