import { lintSamples } from '@test/lint-samples';

// The domain's import rule of eslint.config.mjs, run on sample files: CI fails if the rule is removed or stops matching.

const samples: [filePath: string, code: string][] = [
  [
    'backend/src/modules/comments/domain/sample.ts',
    "import { Injectable } from '@nestjs/common';\nimport { Schema } from 'mongoose';\nimport type { Db } from 'mongodb';\nexport const x = [Injectable, Schema] as unknown as Db;\n",
  ],
  ['backend/src/domain/sample.ts', "import { CommandBus } from '@nestjs/cqrs';\nexport const x = CommandBus;\n"],
  [
    'backend/src/modules/comments/domain/sample.ts',
    [
      "import type { NewEvent } from '../../../event-store/event-store';",
      "import { ReadModels } from '../../../platform/read-models';",
      "import { CommentRepository } from '../infrastructure/comment-repository';",
      "import { GetCommentsQuery } from '../application/get-comments.query';",
      'export type X = [NewEvent, ReadModels, CommentRepository, GetCommentsQuery];',
    ].join('\n'),
  ],
  ['backend/src/domain/sample.ts', "import { EventStore } from '../event-store/event-store';\nexport const x = EventStore;\n"],
  [
    'backend/src/modules/moderation/domain/sample.ts',
    [
      "import { SocialEventType } from '@shelf/contracts';",
      "import { createHash } from 'node:crypto';",
      "import { DomainError } from '../../../domain/domain-error';",
      "import type { CommentState } from '../../comments/domain/comment-state';",
      'export const x: [unknown, unknown, unknown, CommentState | null] = [SocialEventType, createHash, DomainError, null];',
    ].join('\n'),
  ],
  ['backend/src/modules/comments/infrastructure/sample.ts', "import { EventStore } from '../../../event-store/event-store';\nexport const x = EventStore;\n"],
];

const FRAMEWORK = expect.stringContaining('no framework or driver');
const INFRASTRUCTURE = expect.stringContaining('no infrastructure, application or API code');

describe('the domain’s imports', () => {
  let found: string[][];

  // Loading ESLint and its TypeScript parser takes seconds.
  beforeAll(async () => {
    found = (await lintSamples(samples)).map((findings) => findings.filter(({ ruleId }) => ruleId === 'no-restricted-imports').map(({ message }) => message));
  }, 60_000);

  it('refuses Nest, mongoose and the drivers in a module’s domain and in the shared kernel', () => {
    expect(found[0]).toEqual([FRAMEWORK, FRAMEWORK, FRAMEWORK]);
    expect(found[1]).toEqual([FRAMEWORK]);
  });

  it('refuses the event store, the platform, infrastructure and the application, also as type imports', () => {
    expect(found[2]).toEqual([INFRASTRUCTURE, INFRASTRUCTURE, INFRASTRUCTURE, INFRASTRUCTURE]);
    expect(found[3]).toEqual([INFRASTRUCTURE]);
  });

  it('lets the domain import contracts, the kernel, other modules’ domains and Node', () => {
    expect(found[4]).toEqual([]);
  });

  it('leaves the other layers free to import infrastructure', () => {
    expect(found[5]).toEqual([]);
  });
});
