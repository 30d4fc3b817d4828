import { lintSamples } from '@test/lint-samples';

// The projection engine's import rules of eslint.config.mjs, run on sample files: CI fails if they are removed or stop
// matching.

const samples: [filePath: string, code: string][] = [
  [
    'workers/src/engine/sample.ts',
    [
      "import { SearchProjector } from '../projections/search/search.projector';",
      "import { MailOutbox } from '../mail/mail-outbox';",
      "import type { LiveDelivery } from '../realtime/live-delivery';",
      "export const load = () => import('../projections/documents');",
      'export type X = [SearchProjector, MailOutbox, LiveDelivery];',
    ].join('\n'),
  ],
  ['workers/src/engine/rebuild/sample.ts', "import { CatalogProjector } from '../../projections/catalog/catalog.projector';\nexport const x = CatalogProjector;\n"],
  ['workers/src/engine/sample.int.spec.ts', "import { LiveEmitter } from '../realtime/live-emitter';\nexport const x = LiveEmitter;\n"],
  [
    'workers/src/engine/rebuild/sample.ts',
    [
      "import type { LivePushRequest } from '@shelf/contracts';",
      "import { LogReader } from '../../log/log-reader';",
      "import { SERVICE_ENV } from '../../config/service-env';",
      "import { inChunks } from '../../store-bulk';",
      "import { PartitionCommits } from '../batch-commits';",
      "import { LIVE_PUSHES } from '../ports';",
      "import { Spool } from './spool';",
      'export type X = [LivePushRequest, LogReader, typeof SERVICE_ENV, typeof inChunks, PartitionCommits, typeof LIVE_PUSHES, Spool];',
    ].join('\n'),
  ],
  [
    'workers/src/projections/search/sample.ts',
    [
      "import type { Projector } from '../../engine/projector';",
      "import { ReadModels } from '../../engine/read-models';",
      "export const load = () => import('../../engine/rebuild/rebuild-projections');",
      'export type X = [Projector, ReadModels];',
    ].join('\n'),
  ],
  ['workers/src/sample.ts', "import { PartitionRunner } from './engine/partition-runner';\nexport const x = PartitionRunner;\n"],
  [
    'workers/src/realtime/sample.ts',
    [
      "import { type LivePushes, ReadModels } from '../engine';",
      "import { MailOutbox } from '../mail/mail-outbox';",
      "export const load = () => import('../engine');",
      'export type X = [LivePushes, ReadModels, MailOutbox];',
    ].join('\n'),
  ],
  ['workers/src/log/sample.int.spec.ts', "import { PartitionConsumer } from '../engine/partition-consumer';\nexport const x = PartitionConsumer;\n"],
];

const NO_PROJECTORS = expect.stringContaining('The projection engine holds no projector knowledge');
const FACE = expect.stringContaining('Use the projection engine through its index.ts');

describe('the projection engine’s imports', () => {
  let found: string[][];

  // Loading ESLint and its TypeScript parser takes seconds.
  beforeAll(async () => {
    found = (await lintSamples(samples)).map((findings) => findings.filter(({ ruleId }) => /no-restricted-(imports|syntax)/.test(ruleId ?? '')).map(({ message }) => message));
  }, 60_000);

  it('refuses projectors, mail and realtime in the engine, as type imports and dynamic import() too', () => {
    expect(found[0]).toEqual([NO_PROJECTORS, NO_PROJECTORS, NO_PROJECTORS, NO_PROJECTORS]);
    expect(found[1]).toEqual([NO_PROJECTORS]);
  });

  it('refuses them in the engine’s tests as well', () => {
    expect(found[2]).toEqual([NO_PROJECTORS]);
  });

  it('lets the engine import contracts, log/, config/, store-bulk and its own files', () => {
    expect(found[3]).toEqual([]);
  });

  it('refuses the engine’s files outside the engine, dynamic import() too', () => {
    expect(found[4]).toEqual([FACE, FACE, FACE]);
    expect(found[5]).toEqual([FACE]);
  });

  it('lets the workers use the engine’s index.ts, and tests reach inside', () => {
    expect(found[6]).toEqual([]);
    expect(found[7]).toEqual([]);
  });
});
