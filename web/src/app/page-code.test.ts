import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules, pageReaderFont } from './page-code';

// The manifest's keys are relative to web/.
const web = resolve(import.meta.dirname, '../..');

describe('the code of the server-rendered pages', () => {
  it('names source modules that exist (the keys of the build manifest the API reads)', () => {
    const modules = [...(['home', 'story', 'chapter', 'category'] as const).flatMap(pageModules), pageReaderFont('chapter')!];
    expect(modules).toHaveLength(4);
    for (const module of modules) expect([module, existsSync(resolve(web, module))]).toEqual([module, true]);
  });
});
