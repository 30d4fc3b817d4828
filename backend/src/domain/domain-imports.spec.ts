import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

// The domain's import rule of eslint.config.mjs, run on sample files: CI fails if the rule is removed or stops matching.
// ESLint loads its (ES module) config with a dynamic import, which Jest's module sandbox refuses, so one Node process
// lints every sample with ESLint's API.
const repoRoot = resolve(__dirname, '../../..');
const LINT_SAMPLES = `
  import { ESLint } from 'eslint';
  const eslint = new ESLint({ cwd: process.cwd() });
  const samples = JSON.parse(process.argv[1]);
  const found = await Promise.all(samples.map(async ([filePath, code]) => {
    const [result] = await eslint.lintText(code, { filePath: process.cwd() + '/' + filePath });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  }));
  process.stdout.write(JSON.stringify(found));
`;

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
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LINT_SAMPLES, JSON.stringify(samples)], { cwd: repoRoot });
    found = JSON.parse(stdout) as string[][];
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
