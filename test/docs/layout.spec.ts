// docs/layout.md names every folder a newcomer meets: the repository's top folders, the backend's modules, the workers'
// folders, and the web client's features and shared folders. A folder added without a word there fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const layout = readFileSync(join(root, 'docs', 'layout.md'), 'utf8');
const folders = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'dist', 'dist-server', 'test-results'].includes(entry.name))
    .map((entry) => entry.name);
/** The text of the table row or paragraph that begins with `start`. */
const part = (start: string) => {
  const from = layout.indexOf(start);
  if (from < 0) throw new Error(`docs/layout.md has no part starting "${start}"`);
  const end = layout.indexOf('\n\n', from);
  return layout.slice(from, end < 0 ? undefined : end);
};
const unnamed = (names: string[], text: string, form: (name: string) => string) => names.filter((name) => !text.includes(form(name)));

describe('docs/layout.md', () => {
  it("names every top folder of the repository in its table", () => {
    const table = part('| folder | what is in it |');
    expect(unnamed(folders('.'), table, (name) => `| \`${name}/\``)).toEqual([]);
  });

  it('names every backend module', () => {
    expect(unnamed(folders('backend/src/modules'), part('| `modules/<context>/` |'), (name) => `\`${name}\``)).toEqual([]);
  });

  it("names every folder of the workers' sources", () => {
    // `projections/<read-model>/` names its folder with what is in it.
    expect(unnamed(folders('workers/src'), part('| `workers/` |'), (name) => `\`${name}/`)).toEqual([]);
  });

  it("names every web feature and every folder of the web client's shared code", () => {
    const web = part('In `web/src`');
    expect(unnamed(folders('web/src/features'), web, (name) => `\`${name}/\``)).toEqual([]);
    expect(unnamed(folders('web/src/shared'), web, (name) => `\`${name}/\``)).toEqual([]);
  });
});
