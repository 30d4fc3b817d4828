import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** What ESLint reported on one sample: each problem's rule and message. */
export type LintFindings = { ruleId: string | null; message: string }[];

const repoRoot = resolve(__dirname, '..');
// ESLint loads its (ES module) config with a dynamic import, which Jest's module sandbox refuses, so one Node process
// lints every sample with ESLint's API.
const LINT_SAMPLES = `
  import { ESLint } from 'eslint';
  const eslint = new ESLint({ cwd: process.cwd() });
  const samples = JSON.parse(process.argv[1]);
  const found = await Promise.all(samples.map(async ([filePath, code]) => {
    const [result] = await eslint.lintText(code, { filePath: process.cwd() + '/' + filePath });
    return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  }));
  process.stdout.write(JSON.stringify(found));
`;

/**
 * Lints each sample (`[path in the repository, code]`) with the repository's eslint.config.mjs, as if the file were
 * there: how a spec proves an import rule fires (CI fails if the rule is removed or stops matching). Takes seconds.
 */
export async function lintSamples(samples: [filePath: string, code: string][]): Promise<LintFindings[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LINT_SAMPLES, JSON.stringify(samples)], { cwd: repoRoot });
  return JSON.parse(stdout) as LintFindings[];
}
