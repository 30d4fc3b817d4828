import type { ZodType } from 'zod';

/** Environment variables as a process receives them (process.env) or a test file builds them. */
export type EnvVariables = Readonly<Record<string, string | undefined>>;

/** What stops a process at start: every variable that is missing or wrong, one message a line. */
export class InvalidEnvError extends Error {
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'InvalidEnvError';
  }
}

/** The variables through a process's schema: its typed environment, or an InvalidEnvError naming each problem. */
export function readEnv<T>(schema: ZodType<T>, variables: EnvVariables): T {
  const result = schema.safeParse(variables);
  if (!result.success) throw new InvalidEnvError(result.error.issues.map((issue) => issue.message));
  return result.data;
}
