import { LIKED_STORY_SORTS, type LikedStorySort } from '@shelf/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { toWholeNumber } from '../../../platform/http/whole-number.transform';

export class PageQuery {
  @IsOptional()
  @Transform(toWholeNumber)
  @IsInt({ message: 'pageNum must be a whole number from 1.' })
  @Min(1, { message: 'pageNum must be a whole number from 1.' })
  @Max(100_000, { message: 'pageNum must be a whole number from 1.' })
  pageNum = 1;
}

export class LikedStoriesQuery extends PageQuery {
  @IsOptional()
  @IsIn(LIKED_STORY_SORTS, { message: 'sort_by must be last_updated, like_count or liked_time.' })
  sort_by: LikedStorySort = 'last_updated';
}
