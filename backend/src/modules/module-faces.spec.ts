import { lintSamples } from '@test/lint-samples';

// The module-face rules of eslint.config.mjs, run on sample files: CI fails if they are removed or stop matching.

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
    found = (await lintSamples(samples)).map((findings) => findings.flatMap(({ ruleId }) => (/no-restricted-(imports|syntax)/.test(ruleId ?? '') ? [ruleId!] : [])));
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
