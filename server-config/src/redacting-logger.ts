import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { withoutPersonalData } from './without-personal-data';

/**
 * The Nest logger of the site's processes: every line it prints, and every stack trace, goes through
 * withoutPersonalData, so no log line holds an address or a link's token, whatever an error happened to quote (a
 * store's duplicate key, an SMTP server's refusal, a requested page's query string).
 */
export class RedactingLogger extends ConsoleLogger {
  protected override stringifyMessage(message: unknown, logLevel: LogLevel): string {
    return withoutPersonalData(String(super.stringifyMessage(message, logLevel)));
  }

  protected override printStackTrace(stack: string): void {
    super.printStackTrace(stack && withoutPersonalData(stack));
  }
}
