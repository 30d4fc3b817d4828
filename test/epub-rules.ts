// An EPUB as the W3C's checker and an e-reader take it: EPUBCheck (Debian's `epubcheck` package, installed by `npm run
// setup`) finds no fatal error, error or warning; then the file is opened as a reading system opens it: the container
// names the package, the package's spine gives the reading order, and every document there is well-formed XML.
// Shared by the integration and the browser tests.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { promisify } from 'node:util';

/** Where Debian's package puts the checker (its /usr/bin/epubcheck needs binfmt_misc, which containers often lack). */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

export interface OpenedDocument {
  /** Its path inside the file. */
  path: string;
  /** Its first heading's text. */
  heading: string;
  /** Its body's text, tags taken out. */
  text: string;
  xhtml: string;
}

export interface OpenedEpub {
  title: string;
  identifier: string;
  modified: string;
  /** The spine's documents, in reading order. */
  documents: OpenedDocument[];
  /** Every entry's path, in the order the archive holds them. */
  entries: string[];
  files: Record<string, Uint8Array>;
}

interface CheckerReport {
  messages: { ID: string; severity: string; message: string; locations: { path: string; line: number }[] }[];
}

/** Runs EPUBCheck on the file; throws with every message of severity WARNING or worse. */
export async function epubCheck(bytes: Uint8Array): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'epubcheck-'));
  try {
    const file = join(folder, 'book.epub');
    const report = join(folder, 'report.json');
    await writeFile(file, bytes);
    // Exit status 1 when it finds errors: the report says which.
    await promisify(execFile)('java', ['-jar', EPUBCHECK_JAR, file, '--json', report], { timeout: 120_000 }).catch(() => undefined);
    const { messages } = JSON.parse(await readFile(report, 'utf8')) as CheckerReport;
    const serious = messages.filter((message) => ['FATAL', 'ERROR', 'WARNING'].includes(message.severity));
    if (serious.length > 0) {
      throw new Error(`EPUBCheck: ${serious.map((m) => `${m.severity} ${m.ID} ${m.message} at ${m.locations.map((l) => `${l.path}:${l.line}`).join(', ')}`).join('\n')}`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => ['item', 'itemref', 'rootfile'].includes(name) });
const textOf = (xhtml: string) =>
  xhtml
    .replace(/^[\s\S]*<body[^>]*>/, '')
    .replace(/<\/body>[\s\S]*$/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function must(condition: unknown, rule: string): asserts condition {
  if (!condition) throw new Error(`EPUB cannot be opened: ${rule}`);
}

/** Opens the file as a reading system does; throws when a step fails. */
export function openEpub(bytes: Uint8Array): OpenedEpub {
  const files = unzipSync(bytes);
  const entries = Object.keys(files);
  must(entries[0] === 'mimetype' && strFromU8(files.mimetype) === 'application/epub+zip', 'the first entry is the mimetype');
  const read = (path: string) => {
    must(files[path], `${path} is in the file`);
    const text = strFromU8(files[path]);
    must(XMLValidator.validate(text) === true, `${path} is well-formed XML`);
    return text;
  };
  const container = xml.parse(read('META-INF/container.xml')) as { container: { rootfiles: { rootfile: { 'full-path': string }[] } } };
  const opfPath = container.container.rootfiles.rootfile[0]['full-path'];
  const opf = xml.parse(read(opfPath)) as {
    package: {
      metadata: { title: string; identifier: { '#text': string }; meta: { property?: string; '#text': string } | { property?: string; '#text': string }[] };
      manifest: { item: { id: string; href: string }[] };
      spine: { itemref: { idref: string }[] };
    };
  };
  const { metadata, manifest, spine } = opf.package;
  const base = dirname(opfPath);
  const hrefs = new Map(manifest.item.map((item) => [item.id, posix.join(base, item.href)]));
  const documents = spine.itemref.map(({ idref }) => {
    const path = hrefs.get(idref);
    must(path, `the spine's ${idref} is in the manifest`);
    const xhtml = read(path);
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(xhtml)?.[1] ?? '';
    return { path, heading: textOf(`<body>${heading}</body>`), text: textOf(xhtml), xhtml };
  });
  const metas = Array.isArray(metadata.meta) ? metadata.meta : [metadata.meta];
  return {
    title: String(metadata.title),
    identifier: metadata.identifier['#text'],
    modified: metas.find((meta) => meta.property === 'dcterms:modified')?.['#text'] ?? '',
    documents,
    entries,
    files,
  };
}
