import { PROGRESS_MERGE_LIMIT } from '@shelf/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsISO8601, IsNumber, Max, Min, ValidateNested } from 'class-validator';
import { WholeId } from '../../../platform/http/whole-id.decorator';
import { BookIdInput } from '../../likes';

const NOT_A_POSITION = 'position must be a number from 0 (the top of the chapter) to 1 (its end).';

export class RecordProgressInput extends BookIdInput {
  @WholeId('chapter_id')
  chapter_id!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: NOT_A_POSITION })
  @Min(0, { message: NOT_A_POSITION })
  @Max(1, { message: NOT_A_POSITION })
  position!: number;
}

export class VisitorPositionInput extends RecordProgressInput {
  @IsISO8601({ strict: true }, { message: 'read_at must be an ISO 8601 time.' })
  read_at!: string;
}

export class MergeProgressInput {
  @IsArray({ message: 'entries must be a list of reading positions.' })
  @ArrayMaxSize(PROGRESS_MERGE_LIMIT, { message: `entries may hold at most ${PROGRESS_MERGE_LIMIT} reading positions.` })
  @ValidateNested({ each: true })
  @Type(() => VisitorPositionInput)
  entries!: VisitorPositionInput[];
}
