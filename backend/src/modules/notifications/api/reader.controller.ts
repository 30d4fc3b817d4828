import { Controller, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type {
  LikedStoriesResponse,
  MessageResponse,
  RepliesResponse,
  UncheckedUpdatesResponse,
  UnreadCountResponse,
} from '@shelf/contracts';
import type { Request } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { GetLikedStoriesQuery } from '../application/get-liked-stories.query';
import { GetRepliesQuery } from '../application/get-replies.query';
import { MarkRepliesReadCommand } from '../application/mark-replies-read.command';
import { MarkUpdatesCheckedCommand } from '../application/mark-updates-checked.command';
import { ReaderReadModels } from '../infrastructure/reader-read-models';
import { LikedStoriesQuery, PageQuery } from './reader-dtos';

/** A logged-in reader's reply notifications and liked stories (spec section 7, /api/user/...). */
@Controller('user')
@UseGuards(UserGuard)
export class ReaderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly replies: GetRepliesQuery,
    private readonly likedStories: GetLikedStoriesQuery,
    private readonly readers: ReaderReadModels,
  ) {}

  @Get('replies')
  getReplies(@Req() req: Request, @Query() query: PageQuery): Promise<RepliesResponse> {
    return this.replies.execute(claimsOf(req).sub, query.pageNum);
  }

  @Get('replies/unread-count')
  async unreadCount(@Req() req: Request): Promise<UnreadCountResponse> {
    return { unreadCount: await this.readers.unreadCount(claimsOf(req).sub) };
  }

  @Put('replies/mark-read')
  async markRead(@Req() req: Request): Promise<MessageResponse> {
    const marked = await this.commands.execute<MarkRepliesReadCommand, number>(new MarkRepliesReadCommand(claimsOf(req).sub));
    return { message: marked === 0 ? 'No unread replies.' : `Marked ${marked} ${marked === 1 ? 'reply' : 'replies'} as read.` };
  }

  @Get('liked-story')
  getLikedStories(@Req() req: Request, @Query() query: LikedStoriesQuery): Promise<LikedStoriesResponse> {
    return this.likedStories.execute(claimsOf(req).sub, query.pageNum, query.sort_by);
  }

  @Get('liked-story/unchecked-updates-count')
  async uncheckedCount(@Req() req: Request): Promise<UncheckedUpdatesResponse> {
    return { uncheckedUpdatesCount: await this.readers.uncheckedCount(claimsOf(req).sub) };
  }

  @Put('liked-story/mark-updates-checked')
  async markChecked(@Req() req: Request): Promise<MessageResponse> {
    const marked = await this.commands.execute<MarkUpdatesCheckedCommand, number>(new MarkUpdatesCheckedCommand(claimsOf(req).sub));
    return { message: marked === 0 ? 'No unchecked updates.' : `Marked updates of ${marked} ${marked === 1 ? 'story' : 'stories'} as checked.` };
  }
}
