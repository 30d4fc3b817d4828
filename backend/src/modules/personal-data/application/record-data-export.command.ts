/** The reader `userId` was handed their data as `format`: recorded for the audit trail. */
export class RecordDataExportCommand {
  constructor(
    readonly userId: string,
    readonly format: 'json' | 'html',
  ) {}
}
