import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import zones of eslint.config.mjs, run on sample files: CI fails if a zone rule is removed or stops matching.
const repoRoot = `${resolve(fileURLToPath(import.meta.url), '../../..')}/`;
const eslint = new ESLint({ cwd: repoRoot });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

// Loading ESLint and its TypeScript parser takes seconds when the whole suite runs at once.
describe('web import zones', { timeout: 30_000 }, () => {
  it('refuses a feature importing app/', async () => {
    expect(await zoneErrors('web/src/features/book-page/components/Sample.tsx', "export { AppRoutes } from '../../../app/AppRoutes';\n")).toEqual([
      expect.stringContaining('Features never import app/'),
    ]);
    expect(await zoneErrors('web/src/features/book-page/sample.ts', "import { Layout } from '../../app/Layout';\nexport const x = Layout;\n")).toHaveLength(1);
  });

  it('refuses shared code importing features/ or app/', async () => {
    expect(await zoneErrors('web/src/shared/ui/Sample.tsx', "import { HomePage } from '../../features/home/components/HomePage';\nexport const x = HomePage;\n")).toEqual([
      expect.stringContaining('shared/ imports neither app/ nor features/'),
    ]);
    expect(await zoneErrors('web/src/shared/api/sample.ts', "import { App } from '../../app/App';\nexport const x = App;\n")).toHaveLength(1);
  });

  it('lets features import shared/ and other features, and app/ import both', async () => {
    const featureCode = "import { Modal } from '../../../shared/ui/Modal';\nimport { LikeButton } from '../../likes/components/LikeButton';\nexport const x = [Modal, LikeButton];\n";
    expect(await zoneErrors('web/src/features/book-page/components/Sample.tsx', featureCode)).toEqual([]);
    const appCode = "import { HomePage } from '../features/home/components/HomePage';\nimport { getAppStore } from '../shared/state/store';\nexport const x = [HomePage, getAppStore];\n";
    expect(await zoneErrors('web/src/app/Sample.tsx', appCode)).toEqual([]);
  });
});
