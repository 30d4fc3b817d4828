import { Module } from '@nestjs/common';
import { CatalogReadModule } from '../catalog/catalog.module';
import { WebAppBuildModule } from '../pages/web-app-build.module';
import { EbooksController } from './api/ebooks.controller';
import { StoryEbooks } from './application/story-ebooks';

/**
 * Stories as e-books (EPUB 3) to download, built from the catalog's read models with the web app's own Markdown
 * writer.
 */
@Module({
  imports: [CatalogReadModule, WebAppBuildModule],
  controllers: [EbooksController],
  providers: [StoryEbooks],
})
export class EbooksModule {}
