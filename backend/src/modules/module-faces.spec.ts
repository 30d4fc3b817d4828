import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

// The module-face rules of eslint.config.mjs, run on sample files: CI fails if they are removed or stop matching. As in
// domain-imports.spec.ts, one Node process lints every sample with ESLint's API (Jest's sandbox refuses its config).
const repoRoot = resolve(__dirname, '../../..');
const LINT_SAMPLES = `
  import { ESLint } from 'eslint';
  const eslint = new ESLint({ cwd: process.cwd() });
  const samples = JSON.parse(process.argv[1]);
  const found = await Promise.all(samples.map(async ([filePath, code]) => {
    const [result] = await eslint.lintText(code, { filePath: process.cwd() + '/' + filePath });
    return result.messages.filter((message) => /no-restricted-(imports|syntax)/.test(message.ruleId ?? '')).map((message) => message.ruleId);
  }));
  process.stdout.write(JSON.stringify(found));
`;

const samples: [filePath: string, code: string][] = [
  [
    'backend/src/modules/comments/application/sample.ts',
    [
      "import { AccountDirectory } from '../../accounts/application/account-directory';",
      "import type { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';",
      "export const load = () => import('../../shelves/infrastructure/shelves-read-store');",
      'export type X = [AccountDirectory, CatalogReadStore];',
    ].join('\n'),
  ],
  ['backend/src/realtime/sample.ts', "import { UsersReadStore } from '../modules/accounts/infrastructure/users-read-store';\nexport const x = UsersReadStore;\n"],
  ['backend/src/sample.ts', "import { MetricsEndpoint } from './modules/metrics/api/metrics-endpoint';\nexport const x = MetricsEndpoint;\n"],
  [
    'backend/src/modules/comments/application/sample.ts',
    [
      "import { AccountDirectory } from '../../accounts';",
      "import { AccountsModule } from '../../accounts/accounts.module';",
      "import type { CommentState } from '../domain/comment-state';",
      "import { CommentThreads } from '../infrastructure/comment-threads';",
      "export const load = () => import('../../catalog');",
      'export type X = [AccountDirectory, AccountsModule, CommentState, CommentThreads];',
    ].join('\n'),
  ],
  ['backend/src/modules/comments/application/sample.spec.ts', "import { AccountDirectory } from '../../accounts/application/account-directory';\nexport const x = AccountDirectory;\n"],
];

describe('backend modules use each other through their faces', () => {
  let found: string[][];

  // Loading ESLint and its TypeScript parser takes seconds.
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LINT_SAMPLES, JSON.stringify(samples)], { cwd: repoRoot });
    found = JSON.parse(stdout) as string[][];
  }, 60_000);

  it("refuses another module's insides, as type imports and as dynamic import() too", () => {
    expect(found[0]).toEqual(['no-restricted-imports', 'no-restricted-imports', 'no-restricted-syntax']);
  });

  it('refuses them from outside the modules as well', () => {
    expect(found[1]).toEqual(['no-restricted-imports']);
    expect(found[2]).toEqual(['no-restricted-imports']);
  });

  it("lets a module use another's index.ts and Nest module class, and its own insides", () => {
    expect(found[3]).toEqual([]);
  });

  it('lets tests reach inside', () => {
    expect(found[4]).toEqual([]);
  });
});
