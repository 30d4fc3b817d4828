import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { LikeStatusResponse, MessageResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { GetLikeStatusQuery } from '../application/get-like-status.query';
import { LikeStoryCommand } from '../application/like-story.command';
import { BookIdInput } from './like-dtos';

/** The /api/like endpoints: story likes for logged-in readers, counts for everyone. */
@Controller('like')
export class LikeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly status: GetLikeStatusQuery,
  ) {}

  @Post('like-book')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.like)
  async like(@Req() req: Request, @Body() body: BookIdInput): Promise<MessageResponse & { isLiked: boolean }> {
    return this.toggle(claimsOf(req).sub, body.book_id, true);
  }

  @Post('remove-like-book')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.like)
  async unlike(@Req() req: Request, @Body() body: BookIdInput): Promise<MessageResponse & { isLiked: boolean }> {
    return this.toggle(claimsOf(req).sub, body.book_id, false);
  }

  @Get('show-user-like-count')
  @UseGuards(UserGuard)
  userLikeCount(@Req() req: Request, @Query() query: BookIdInput): Promise<LikeStatusResponse> {
    return this.status.execute(query.book_id, claimsOf(req).sub);
  }

  @Get('show-visitor-like-count')
  visitorLikeCount(@Query() query: BookIdInput): Promise<LikeStatusResponse> {
    return this.status.execute(query.book_id, null);
  }

  private async toggle(userId: string, bookId: number, like: boolean): Promise<MessageResponse & { isLiked: boolean }> {
    const isLiked = await this.commands.execute<LikeStoryCommand, boolean>(new LikeStoryCommand(userId, bookId, like));
    return { message: isLiked ? 'You like this story.' : 'You no longer like this story.', isLiked };
  }
}
