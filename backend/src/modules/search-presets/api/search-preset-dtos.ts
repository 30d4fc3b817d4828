import { SEARCH_PRESET_NAME_MAX, SEARCH_PRESET_QUERY_MAX } from '@shelf/contracts';
import { Transform } from 'class-transformer';
import { IsString, Length, MaxLength } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const NAME_RULE = `Please name the search in 1 to ${SEARCH_PRESET_NAME_MAX} characters.`;

export class SearchPresetNameInput {
  @Transform(trimmed)
  @IsString({ message: NAME_RULE })
  @Length(1, SEARCH_PRESET_NAME_MAX, { message: NAME_RULE })
  name!: string;
}

export class SearchPresetInput extends SearchPresetNameInput {
  /** The search's /searchbook address query, e.g. `genre=Romance&exclude_tag=Heartbreaking`. */
  @IsString({ message: 'query must be the query of a search address.' })
  @MaxLength(SEARCH_PRESET_QUERY_MAX, { message: `query must be at most ${SEARCH_PRESET_QUERY_MAX} characters.` })
  query!: string;
}
