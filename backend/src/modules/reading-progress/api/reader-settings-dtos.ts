import { GLOSSARY_LIMITS, TITLE_FORMS } from '@shelf/contracts';
import { IsBoolean, IsIn, IsString, Length, ValidateIf } from 'class-validator';

export const NO_SWITCH = 'Send spoiler_fold or glossary_marks: each must be true or false.';

/** The switches to turn on or off; at least one (the controller checks), the others stay as they are. Null is no switch. */
export class ReaderSwitchesInput {
  @ValidateIf((input: ReaderSwitchesInput) => input.spoiler_fold !== undefined)
  @IsBoolean({ message: 'spoiler_fold must be true or false.' })
  spoiler_fold?: boolean;

  @ValidateIf((input: ReaderSwitchesInput) => input.glossary_marks !== undefined)
  @IsBoolean({ message: 'glossary_marks must be true or false.' })
  glossary_marks?: boolean;
}

export const TITLE_RULE = `title must be a glossary title of 1 to ${GLOSSARY_LIMITS.original} characters.`;

export const TITLE_FORM_CHOICES = [...TITLE_FORMS, 'as_written'] as const;

export class TitleFormInput {
  /** The title's original as the glossary has it (any case: one choice holds for every book). */
  @IsString({ message: TITLE_RULE })
  @Length(1, GLOSSARY_LIMITS.original, { message: TITLE_RULE })
  title!: string;

  @IsIn(TITLE_FORM_CHOICES, { message: `form must be one of: ${TITLE_FORM_CHOICES.join(', ')}.` })
  form!: (typeof TITLE_FORM_CHOICES)[number];
}
