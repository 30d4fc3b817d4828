// Finds every write to a stored collection in the server's sources, and which collection it writes, by reading the
// code (TypeScript's parser, no type checker): a call of a write method (insertOne, updateMany, deleteMany, …) whose
// receiver is traced back, within its file, to a collection handle: `x.collection(NAME)`, any call whose first argument
// is a collection's name (a projector's `stores(NAME)`), or a mongoose model injected by the token its schema file
// names with `{ collection: NAME }`. NAME is a string, or a constant of contracts or of the sources that holds one.
// A write whose receiver leads nowhere (a collection passed in as a parameter) is reported with `collection: null`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface CollectionWrite {
  /** The collection's stored name, or null when the handle comes from outside the file. */
  collection: string | null;
  /** The file's path from the repository's root. */
  file: string;
  line: number;
  method: string;
}

const WRITE_METHODS = new Set([
  'insertOne', 'insertMany', 'updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'bulkWrite', 'findOneAndUpdate', 'findOneAndDelete',
  'findOneAndReplace', 'findByIdAndUpdate', 'findByIdAndDelete', 'create', 'drop', 'rename', 'createIndex', 'createIndexes', 'dropIndex',
]);
/** Methods other things have too (a Nest factory's `create`): counted only where the receiver is traced to a collection. */
const AMBIGUOUS_METHODS = new Set(['create', 'drop', 'rename']);

/** The server's source folders: what runs against the store. */
export const SERVER_SOURCES = ['contracts/src', 'server-config/src', 'search-index/src', 'read-model-formats/src', 'event-log/src', 'backend/src', 'workers/src'];

const sourceFiles = (root: string, dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') && !entry.name.includes('.fixture.') ? [path] : [];
  });

const parse = (root: string, file: string) => ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

const stringOf = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/**
 * Every constant that holds a collection's name (or a mongoose model's token): `const X = 'name'` as `X`, and
 * `const X = { Key: 'name' }` as `X.Key`, from every source file.
 */
function constantsOf(files: ts.SourceFile[]): Map<string, string> {
  const constants = new Map<string, string>();
  for (const file of files) {
    file.forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let init = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        const text = stringOf(init);
        if (text !== undefined) constants.set(node.name.text, text);
        if (ts.isObjectLiteralExpression(init)) {
          for (const property of init.properties) {
            if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
            const value = stringOf(property.initializer);
            if (value !== undefined) constants.set(`${node.name.text}.${property.name.text}`, value);
          }
        }
      }
      node.forEachChild(visit);
    });
  }
  return constants;
}

/**
 * Mongoose models' tokens and their collections: a schema file names both (`X_MODEL = 'Name'`, `{ collection: C }`).
 * A file of several schemas maps its tokens to its first collection: they share its folder, which is what is checked.
 */
function modelsOf(files: ts.SourceFile[], nameOf: (node: ts.Expression) => string | undefined): Map<string, string> {
  const models = new Map<string, string>();
  for (const file of files) {
    let collection: string | undefined;
    const tokens: string[] = [];
    file.forEachChild(function visit(node) {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'collection') collection ??= nameOf(node.initializer);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text.endsWith('_MODEL')) tokens.push(node.name.text);
      node.forEachChild(visit);
    });
    if (collection) for (const token of tokens) models.set(token, collection);
  }
  return models;
}

interface Scan {
  files: ts.SourceFile[];
  constants: Map<string, string>;
  models: Map<string, string>;
  /** A name's collection as written in `file`: a string, a constant, or a constant through the file's alias. */
  nameIn(file: ts.SourceFile, node: ts.Expression): string | undefined;
}

const scans = new Map<string, Scan>();

function scan(root: string): Scan {
  const known = scans.get(root);
  if (known) return known;
  const files = SERVER_SOURCES.flatMap((dir) => sourceFiles(root, dir)).map((file) => parse(root, file));
  const constants = constantsOf(files);
  // `const C = SocialReadModelCollection`: C.X is SocialReadModelCollection.X in that file.
  const aliases = new Map(
    files.map((file) => {
      const found = new Map<string, string>();
      file.forEachChild(function visit(node) {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isIdentifier(node.initializer)) found.set(node.name.text, node.initializer.text);
        node.forEachChild(visit);
      });
      return [file, found];
    }),
  );
  const nameIn = (file: ts.SourceFile, node: ts.Expression) => {
    const [head, ...rest] = node.getText().replace(/\s/g, '').split('.');
    return stringOf(node) ?? constants.get([aliases.get(file)?.get(head) ?? head, ...rest].join('.'));
  };
  const models = modelsOf(files, (node) => nameIn(node.getSourceFile(), node));
  const result = { files, constants, models, nameIn };
  scans.set(root, result);
  return result;
}

/**
 * Every stored collection the sources name: the values of the `…Collection` objects and `…_COLLECTION` constants,
 * what a `collection:` property names (a schema's), and the names given to `.collection('…')` as text.
 */
export function collectionNames(root: string): string[] {
  const { files, constants, nameIn } = scan(root);
  const names = new Set([...constants].filter(([key]) => /Collection\.\w+$|_COLLECTION$/.test(key)).map(([, value]) => value));
  for (const file of files) {
    file.forEachChild(function visit(node) {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'collection' && node.arguments[0]) {
        const text = stringOf(node.arguments[0]);
        if (text !== undefined) names.add(text);
      }
      // `{ collection: 'site_markers', … }`: a schema's options, or a document's address.
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'collection') {
        const text = nameIn(file, node.initializer);
        if (text !== undefined) names.add(text);
      }
      node.forEachChild(visit);
    });
  }
  return [...names].sort();
}

/** Each read model a projector declares in `readonly owns = [...]`, with the projector's file. */
export function projectorOwns(root: string): { collection: string; file: string }[] {
  const { files, nameIn } = scan(root);
  return files.flatMap((file) => {
    const owned: { collection: string; file: string }[] = [];
    file.forEachChild(function visit(node) {
      if (ts.isPropertyDeclaration(node) && node.name.getText() === 'owns' && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
        for (const element of node.initializer.elements) {
          const collection = nameIn(file, element);
          if (collection) owned.push({ collection, file: file.fileName });
        }
      }
      node.forEachChild(visit);
    });
    return owned;
  });
}

export function collectionWrites(root: string): CollectionWrite[] {
  const { files, constants, models } = scan(root);
  const writes: CollectionWrite[] = [];

  for (const file of files) {
    const nameOf = (node: ts.Expression) => scan(root).nameIn(file, node);
    /** The collection an expression leads to, following names within the file; `seen` stops a loop. */
    const trace = (node: ts.Expression, seen = new Set<string>()): string | null => {
      while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node) || ts.isAwaitExpression(node)) node = node.expression;
      if (ts.isCallExpression(node)) {
        const named = node.arguments[0] && nameOf(node.arguments[0]);
        const handle = ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'collection';
        if (named && (handle || [...constants.values()].includes(named))) return named;
        // `outbox()`: a function or arrow of this file that returns a handle.
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : null;
        return callee ? traceName(callee, seen) : null;
      }
      if (ts.isPropertyAccessExpression(node) || ts.isIdentifier(node)) return traceName(ts.isIdentifier(node) ? node.text : node.name.text, seen);
      return null;
    };
    /** A name of this file (variable, property, getter, method, or an injected model) and what it holds. */
    const traceName = (name: string, seen: Set<string>): string | null => {
      if (seen.has(name)) return null;
      seen.add(name);
      let found: string | null = null;
      file.forEachChild(function visit(node) {
        if (found) return;
        if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.name.getText() === name && node.initializer) found = traceBody(node.initializer, seen);
        // `{ heads: models.collection(C.X) }`: a bundle of handles, its member by name.
        if (ts.isPropertyAssignment(node) && node.name.getText() === name) found = traceBody(node.initializer, seen);
        if ((ts.isGetAccessorDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name?.getText() === name && node.body) found = traceBody(node.body, seen);
        if (ts.isParameter(node) && node.name.getText() === name) {
          const token = ts.getDecorators(node)?.map((decorator) => /InjectModel\((\w+)\)/.exec(decorator.getText())?.[1]).find(Boolean);
          if (token) found = models.get(token) ?? null;
        }
        node.forEachChild(visit);
      });
      return found;
    };
    const traceBody = (body: ts.Node, seen: Set<string>): string | null => {
      if (ts.isArrowFunction(body) || ts.isFunctionExpression(body)) return traceBody(body.body, seen);
      if (ts.isBlock(body)) {
        const returned = body.statements.find(ts.isReturnStatement)?.expression;
        return returned ? trace(returned, seen) : null;
      }
      return ts.isExpression(body) ? trace(body, seen) : null;
    };

    file.forEachChild(function visit(node) {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_METHODS.has(node.expression.name.text)) {
        const collection = trace(node.expression.expression);
        const method = node.expression.name.text;
        if (collection !== null || !AMBIGUOUS_METHODS.has(method)) {
          writes.push({ collection, file: file.fileName, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, method });
        }
      }
      node.forEachChild(visit);
    });
  }
  return writes;
}
