import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { BookProgressResponse, ContinueReadingResponse, MergeProgressResponse, RecordProgressResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { GetBookProgressQuery } from '../application/get-book-progress.query';
import { GetContinueReadingQuery } from '../application/get-continue-reading.query';
import { MergeProgressCommand } from '../application/merge-progress.command';
import { RecordProgressCommand } from '../application/record-progress.command';
import type { ProgressOutcome } from '../domain/progress-decisions';
import { BookIdInput } from '../../likes';
import { MergeProgressInput, RecordProgressInput } from './reading-progress-dtos';

/** A signed-in reader's place in each book, kept across devices. */
@Controller('user/reading-progress')
@UseGuards(UserGuard)
export class ReadingProgressController {
  constructor(
    private readonly commands: CommandBus,
    private readonly bookProgress: GetBookProgressQuery,
    private readonly continueReading: GetContinueReadingQuery,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.progress)
  async record(@Req() req: Request, @Body() body: RecordProgressInput): Promise<RecordProgressResponse> {
    const outcome = await this.commands.execute<RecordProgressCommand, ProgressOutcome>(new RecordProgressCommand(claimsOf(req).sub, body.book_id, body.chapter_id, body.position));
    return { message: 'Progress saved.', ...outcome };
  }

  @Post('merge')
  @HttpCode(200)
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.progressMerge)
  async merge(@Req() req: Request, @Body() body: MergeProgressInput): Promise<MergeProgressResponse> {
    return { merged: await this.commands.execute<MergeProgressCommand, number>(new MergeProgressCommand(claimsOf(req).sub, body.entries)) };
  }

  @Get()
  get(@Req() req: Request, @Query() query: BookIdInput): Promise<BookProgressResponse> {
    return this.bookProgress.execute(claimsOf(req).sub, query.book_id);
  }

  @Get('recent')
  recent(@Req() req: Request): Promise<ContinueReadingResponse> {
    return this.continueReading.execute(claimsOf(req).sub);
  }
}
