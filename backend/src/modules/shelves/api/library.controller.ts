import { Body, Controller, Get, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { LibraryResponse, Shelf, ShelfResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { BookIdInput } from '../../likes';
import { ChooseShelfCommand } from '../application/choose-shelf.command';
import { GetLibraryQuery } from '../application/get-library.query';
import { GetShelfQuery } from '../application/get-shelf.query';
import { ShelfInput } from './shelf-dtos';

/** A signed-in reader's library: the shelf of each story they keep (Reading, Plan to read, Completed, Dropped). */
@Controller('user/library')
@UseGuards(UserGuard)
export class LibraryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly library: GetLibraryQuery,
    private readonly shelfOf: GetShelfQuery,
  ) {}

  @Get()
  get(@Req() req: Request): Promise<LibraryResponse> {
    return this.library.execute(claimsOf(req).sub);
  }

  @Get('shelf')
  shelf(@Req() req: Request, @Query() query: BookIdInput): Promise<ShelfResponse> {
    return this.shelfOf.execute(claimsOf(req).sub, query.book_id);
  }

  @Put('shelf')
  @UseGuards(WriteLimitGuard)
  @WriteLimit(WriteLimits.shelf)
  async choose(@Req() req: Request, @Body() body: ShelfInput): Promise<ShelfResponse> {
    return { shelf: await this.commands.execute<ChooseShelfCommand, Shelf | null>(new ChooseShelfCommand(claimsOf(req).sub, body.book_id, body.shelf)) };
  }
}
