import type { TitleForm } from '@shelf/contracts';
import type { ReaderSwitches } from '../domain/reader-settings-decisions';

/** The reader turns some of their switches (spoiler fold, glossary marks) on or off. */
export class ChooseReaderSwitchesCommand {
  constructor(
    readonly userId: string,
    readonly switches: ReaderSwitches,
  ) {}
}

/** The reader chooses the form they read a glossary title in everywhere (`title`: titleKey), or forgets the choice. */
export class ChooseTitleFormCommand {
  constructor(
    readonly userId: string,
    readonly title: string,
    readonly form: TitleForm | 'as_written',
  ) {}
}
