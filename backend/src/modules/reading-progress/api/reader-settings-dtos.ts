import { IsBoolean } from 'class-validator';

export class ReaderSettingsInput {
  @IsBoolean({ message: 'spoiler_fold must be true or false.' })
  spoiler_fold!: boolean;
}
