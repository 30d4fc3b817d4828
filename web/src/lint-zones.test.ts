import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import zones of eslint.config.mjs, run on sample files: CI fails if a zone rule is removed or stops matching.
const repoRoot = `${resolve(fileURLToPath(import.meta.url), '../../..')}/`;
const eslint = new ESLint({ cwd: repoRoot });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result.messages.filter((message) => ['no-restricted-imports', 'no-restricted-syntax'].includes(message.ruleId ?? '')).map((message) => message.message);
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

  it("refuses a feature importing another feature's files, from inside it or through features/, dynamic import() too", async () => {
    const refusal = expect.stringContaining('Use another feature through its index.ts');
    expect(await zoneErrors('web/src/features/book-page/components/Sample.tsx', "import { LikeButton } from '../../likes/components/LikeButton';\nexport const x = LikeButton;\n")).toEqual([refusal]);
    expect(await zoneErrors('web/src/features/chapter/sample.ts', "export { useComments } from '../comments/queries';\n")).toEqual([refusal]);
    expect(await zoneErrors('web/src/features/home/components/Sample.tsx', "export { SearchPage } from '../../../features/search/components/SearchPage';\n")).toEqual([refusal]);
    expect(await zoneErrors('web/src/features/likes/sample.ts', "export const load = () => import('../comments/components/CommentSection');\n")).toEqual([refusal]);
  });

  it("lets a feature import another feature's face, its own files and shared/", async () => {
    const featureCode =
      "import { Modal } from '../../../shared/ui/Modal';\nimport { BookCardList } from '../../book-lists';\nimport { LikeButton } from '../../../features/likes/index';\nimport { useBookPage } from '../queries';\nimport { LinkedList } from './LinkedList';\nexport const x = [Modal, BookCardList, LikeButton, useBookPage, LinkedList];\nexport const load = () => import('../../comments');\n";
    expect(await zoneErrors('web/src/features/book-page/components/Sample.tsx', featureCode)).toEqual([]);
  });

  it("lets a feature's tests reach inside another feature", async () => {
    expect(await zoneErrors('web/src/features/home/components/Sample.test.tsx', "import { LOCAL_PROGRESS_KEY } from '../../reading-progress/local-progress-key';\nexport const x = LOCAL_PROGRESS_KEY;\n")).toEqual([]);
  });

  it("refuses a feature's face anything but re-exports", async () => {
    expect(await zoneErrors('web/src/features/likes/index.ts', "export { LikeButton } from './components/LikeButton';\n")).toEqual([]);
    expect(await zoneErrors('web/src/features/likes/index.ts', "import { LikeButton } from './components/LikeButton';\nexport const Like = LikeButton;\n")).toEqual([
      expect.stringContaining("only re-exports"),
      expect.stringContaining("only re-exports"),
    ]);
  });

  it("refuses app/ importing a feature's files, and lets it import faces and shared/ and load a feature's module on demand", async () => {
    expect(await zoneErrors('web/src/app/Sample.tsx', "import { LikeButton } from '../features/likes/components/LikeButton';\nexport const x = LikeButton;\n")).toEqual([
      expect.stringContaining('Use another feature through its index.ts'),
    ]);
    const appCode =
      "import { HomePage } from '../features/home';\nimport { LikeButton } from '../features/likes/index';\nimport { getAppStore } from '../shared/state/store';\nexport const x = [HomePage, LikeButton, getAppStore];\nexport const load = () => import('../features/search/components/SearchPage');\n";
    expect(await zoneErrors('web/src/app/Sample.tsx', appCode)).toEqual([]);
  });
});
