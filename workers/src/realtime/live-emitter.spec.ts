import { Logger } from '@nestjs/common';
import type { ServiceEnv } from '../config/service-env';
import { LiveEmitter } from './live-emitter';

describe('LiveEmitter with Redis away', () => {
  // Nothing listens on port 9: every publish fails, as it would during a Redis outage.
  const env = { redisUrl: 'redis://127.0.0.1:9', queuePrefix: 'away' } as ServiceEnv;

  it('loses the pushes with a warning each, never an unhandled rejection, and shuts down', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const warnings: string[] = [];
    const fourWarnings = new Promise<void>((resolve) => {
      jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
        if (warnings.push(String(message)) === 4) resolve();
      });
    });
    const emitter = new LiveEmitter(env);
    try {
      emitter.badgesChanged('u1', { unreadReplies: 1, uncheckedUpdates: 0 });
      emitter.likeCount({ book_id: 1, chapter_id: null }, 'c1', 2);
      emitter.chapterPublished({ book_id: 1, chapter_id: 3, title: 'The Gate' });
      emitter.comment('deleted', {
        thread: { book_id: 1, chapter_id: 2 },
        comment: {
          comment_id: 'c1', book_id: 1, chapter_id: 2, parent_comment_id: null, comment_content: '[deleted]', comment_time: '2026-11-22T06:00:00.000Z',
          username: '[deleted]', email_hash: null, user_id: null, like_count: 0, report_count: 0, deleted_comment: true,
        },
      }, 'u2');
      await fourWarnings;
      expect(warnings).toEqual(Array(4).fill(expect.stringMatching(/^a live push was lost: /)));
      expect(unhandled).toEqual([]);
      // Who has a live socket cannot be told: every reader counts as present, so no badge push is dropped for it.
      expect(await emitter.present(['u1', 'u2'])).toEqual(['u1', 'u2']);
    } finally {
      await emitter.beforeApplicationShutdown();
      process.off('unhandledRejection', onUnhandled);
      jest.restoreAllMocks();
    }
  });
});
