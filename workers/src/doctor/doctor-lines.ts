import { CHECK_LABELS, type CheckName, type CheckResult, type CheckStatus } from './doctor-report';

const TAGS: Record<CheckStatus, string> = { ok: 'ok', warn: 'WARN', attention: 'TODO', down: 'DOWN', skipped: 'skip' };

/** `TODO  projections   12 ms  3 log positions behind …`, then its details, indented below it. */
export function checkLines(name: CheckName, { status, summary, details, ms }: CheckResult): string[] {
  const head = `${TAGS[status].padEnd(4)}  ${CHECK_LABELS[name].padEnd(11)} ${`${ms} ms`.padStart(8)}  ${summary}`;
  return [head, ...details.map((line) => `${' '.repeat(30)}${line}`)];
}
