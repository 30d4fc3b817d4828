import { Module } from '@nestjs/common';
import { WebAppBuild } from './infrastructure/web-app-build';

/** The web app's build (WebAppBuild), for modules that read Markdown as the site shows it. */
@Module({ providers: [WebAppBuild], exports: [WebAppBuild] })
export class WebAppBuildModule {}
