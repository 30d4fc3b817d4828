import { Module } from '@nestjs/common';
import { CatalogReadModule } from '../catalog/catalog.module';
import { PagesModule } from '../pages/pages.module';
import { EbooksController } from './api/ebooks.controller';
import { StoryEbooks } from './application/story-ebooks';

/**
 * Stories as e-books (EPUB 3) to download, built from the catalog's read models with the web app's own Markdown
 * writer. Import it after PagesModule: it imports that module, whose catalog routes must keep their place.
 */
@Module({
  imports: [CatalogReadModule, PagesModule],
  controllers: [EbooksController],
  providers: [StoryEbooks],
})
export class EbooksModule {}
