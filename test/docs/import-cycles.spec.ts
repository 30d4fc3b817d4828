// No import cycle anywhere in the sources (docs/layout.md): each file's relative imports, type-only ones included, read
// with TypeScript's parser, and the cycles found as strongly connected components of that graph.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');
const SOURCES = ['contracts/src', 'server-config/src', 'search-index/src', 'read-model-formats/src', 'event-log/src', 'backend/src', 'workers/src', 'web/src'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });

/** The file a relative specifier names, as the bundler and Node resolve it (`./x` → x.ts, x.tsx or x/index.ts). */
function resolved(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => /\.tsx?$/.test(path) && existsSync(join(root, path)));
}

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  source.forEachChild(function visit(node) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    node.forEachChild(visit);
  });
  return specifiers.filter((specifier) => specifier.startsWith('.')).flatMap((specifier) => resolved(file, specifier) ?? []);
}

/** The graph's cycles: its strongly connected components of more than one file, or a file that imports itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  it('finds the imports it checks', () => {
    const graph = new Map(sourceFiles('workers/src').map((file) => [file, importsOf(file)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(200);
    expect(cycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts']]);
  });

  it.each(SOURCES)('has none in %s', (dir) => {
    const graph = new Map(sourceFiles(dir).map((file) => [file, importsOf(file)]));
    expect(cycles(graph).map((component) => component.map((file) => relative(dir, file)).join(' ↔ '))).toEqual([]);
  });
});
