import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { getConnectionToken } from '@nestjs/mongoose';
import { readServiceEnv } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CATALOGUE, generateDemoCatalogue } from '../../../demo-catalogue/demo-catalogue';
import { writeCatalogueFolder } from '../../../demo-catalogue/write-catalogue-folder';
import { CatalogueCliModule } from './catalogue-cli.module';
import { importCatalogueFolder } from './import-catalogue-folder';

const usage = `usage:
  catalogue import <folder>   import a catalogue folder (docs/catalogue-import.md); unchanged books append nothing
  catalogue seed-demo         import the generated demo catalogue, unless an earlier seed-demo finished`;

/** Marks a finished demo import, so a restart neither repeats it nor skips an interrupted one. */
const DEMO_MARKER = { collection: 'site_markers', id: 'demo-catalogue-imported' };

async function main(argv: string[]): Promise<void> {
  const [command, folder] = argv;
  if (!(command === 'import' && folder) && command !== 'seed-demo') {
    console.error(usage);
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(CatalogueCliModule.register(readServiceEnv(process.env)), { logger: ['error', 'warn'] });
  try {
    const commands = app.get(CommandBus);
    if (command === 'import') {
      console.log(`imported: ${JSON.stringify(await importCatalogueFolder(folder, commands))}`);
    } else {
      const markers = app.get<Connection>(getConnectionToken()).collection<{ _id: string; at: Date }>(DEMO_MARKER.collection);
      if (await markers.findOne({ _id: DEMO_MARKER.id })) return console.log('The demo catalogue was imported before.');
      const dir = await mkdtemp(join(tmpdir(), 'demo-catalogue-'));
      try {
        await writeCatalogueFolder(dir, generateDemoCatalogue(DEMO_CATALOGUE));
        console.log(`Demo catalogue imported: ${JSON.stringify(await importCatalogueFolder(dir, commands))}`);
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
  Logger.error(error instanceof Error ? error.message : String(error), 'Catalogue');
  process.exit(1);
});
