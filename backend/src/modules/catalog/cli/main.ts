import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CATALOG, generateDemoCatalog } from '../../../demo-catalog/demo-catalog';
import { writeCatalogFolder } from '../../../demo-catalog/write-catalog-folder';
import { CatalogCliModule } from './catalog-cli.module';
import { importCatalogFolder } from './import-catalog-folder';

const usage = `usage:
  catalog import <folder>   import a catalog folder (docs/catalog-import.md); unchanged books append nothing
  catalog seed-demo         import the generated demo catalog, unless an earlier seed-demo finished`;

/**
 * Marks a finished demo import, so a restart neither repeats it nor skips an interrupted one. The id names the demo
 * catalogue's edition: a new edition (2 gave every story a glossary) gets a new id, so a site seeded with an older
 * one imports it once more, and only the books that changed append events.
 */
const DEMO_MARKER = { collection: 'site_markers', id: 'demo-catalogue-2-imported' };

async function main(argv: string[]): Promise<void> {
  const [command, folder] = argv;
  if (!(command === 'import' && folder) && command !== 'seed-demo') {
    console.error(usage);
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(CatalogCliModule.register(process.env), { logger: ['error', 'warn'] });
  try {
    const commands = app.get(CommandBus);
    if (command === 'import') {
      console.log(`imported: ${JSON.stringify(await importCatalogFolder(folder, commands))}`);
    } else {
      const markers = app.get<Connection>(getConnectionToken()).collection<{ _id: string; at: Date }>(DEMO_MARKER.collection);
      if (await markers.findOne({ _id: DEMO_MARKER.id })) return console.log('The demo catalog was imported before.');
      const dir = await mkdtemp(join(tmpdir(), 'demo-catalog-'));
      try {
        await writeCatalogFolder(dir, generateDemoCatalog(DEMO_CATALOG));
        console.log(`Demo catalog imported: ${JSON.stringify(await importCatalogFolder(dir, commands))}`);
        await markers.insertOne({ _id: DEMO_MARKER.id, at: new Date() });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  Logger.error(error instanceof Error ? error.message : String(error), 'Catalog');
  process.exit(1);
});
