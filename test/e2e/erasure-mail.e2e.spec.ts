// An erased reader's e-mail: the reset e-mail still waiting in the queue when they confirm the deletion, and every
// e-mail sent to them, go from the outbox, mail_sent and Redis by user id once the workers read the account's end
// (user.erased.v1); the waiting one is never sent, also when the erasure broke off after the key was erased (the
// address unreadable) and the link is followed again. Real store, Redis, SMTP catcher and the workers sending.
import { MailCollection, type MailOutboxDocument, type MailSentDocument, QueueName } from '@shelf/contracts';
import { caughtMail, testEnv, waitForMail, waitFor } from '@test/support';
import { Queue } from 'bullmq';
import { MongoNetworkError } from 'mongodb';
import { AccountErasure } from '../../backend/src/modules/accounts';
import { type Reader, registerReader, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const RESET_SUBJECT = 'Reset your Novel Shelf password';

describe("an erased reader's e-mail", () => {
  let site: TestSite;
  let mailQueue: Queue;
  const outbox = () => site.store.db!.collection<MailOutboxDocument>(MailCollection.Outbox);
  const sent = () => site.store.db!.collection<MailSentDocument>(MailCollection.Sent);

  beforeAll(async () => {
    site = await startSite(env);
    mailQueue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
  }, 60_000);

  afterAll(async () => {
    await mailQueue.resume();
    await mailQueue.close();
    await site.close();
  });

  /** The reader's deletion token (its e-mail sent), then a reset e-mail left waiting in the paused queue: its key. */
  async function deletionAndWaitingReset(reader: Reader): Promise<{ token: string; waitingKey: string }> {
    // An e-mail recorded before records named their account: found by its address while it can still be read.
    await sent().insertOne({ _id: `mail-older-${reader.user.user_id}`, to: reader.user.email, subject: 'Older', sentAt: new Date() });
    await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD }, token: reader.token });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(reader.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    // The link is the token alone: no address in it.
    expect([...link.searchParams.keys()]).toEqual(['token']);
    await mailQueue.pause();
    expect((await site.call('POST', 'user/forgot-password', { body: { email: reader.user.email, honeypot: '' }, ip: reader.ip })).status).toBe(200);
    const entry = await waitFor('the reset e-mail in the outbox', () => outbox().findOne({ 'message.userId': reader.user.user_id, 'message.subject': RESET_SUBJECT }));
    const job = await waitFor('its job waiting', () => mailQueue.getJob(entry._id));
    expect(job.data).toEqual({ key: entry._id });
    await waitFor('the verification and deletion e-mails, and the older one, named', async () => (await sent().countDocuments({ userId: reader.user.user_id })) === 3);
    return { token: link.searchParams.get('token')!, waitingKey: entry._id };
  }

  /** Nothing of the reader's e-mail is left once the workers have read the account's end, and the waiting reset e-mail is never sent. */
  async function nothingLeft(reader: Reader, waitingKey: string): Promise<void> {
    await site.drained();
    expect(await outbox().countDocuments({ 'message.userId': reader.user.user_id })).toBe(0);
    expect(await sent().countDocuments({ $or: [{ userId: reader.user.user_id }, { to: reader.user.email }] })).toBe(0);
    expect(await mailQueue.getJob(waitingKey)).toBeUndefined();
    await mailQueue.resume();
    await site.drained();
    // The workers' outbox sweep (every 2 s, for entries older than 5 s) finds nothing to queue again.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(await mailQueue.getJob(waitingKey)).toBeUndefined();
    expect((await caughtMail()).filter((mail) => mail.to.some((to) => to.address === reader.user.email) && mail.subject === RESET_SUBJECT)).toEqual([]);
  }

  it('deletes the e-mails sent and waiting, and the waiting job, with the account', async () => {
    const reader = await registerReader(site, 'Waiting');
    const { token, waitingKey } = await deletionAndWaitingReset(reader);

    expect(await site.call('POST', 'user/delete-account', { body: { token } })).toEqual({ status: 200, body: { success: true, message: 'Your account has been deleted.' } });
    await nothingLeft(reader, waitingKey);
  }, 90_000);

  it('deletes them by user id when the link is followed again after the erasure broke off past the key', async () => {
    const reader = await registerReader(site, 'Broken');
    const { token, waitingKey } = await deletionAndWaitingReset(reader);
    // The store goes away after the key is erased and user.erased.v1 is stored, before the e-mails are deleted.
    const steps = (site.api.get(AccountErasure) as unknown as { refreshTokens: { endOtherSessions: () => Promise<void> } }).refreshTokens;
    const broken = jest.spyOn(steps, 'endOtherSessions').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    expect((await site.call('POST', 'user/delete-account', { body: { token } })).status).toBe(503);
    broken.mockRestore();
    // The account has ended: the workers forget its e-mails by id though its address can no longer be read.
    await nothingLeft(reader, waitingKey);

    expect((await site.call('POST', 'user/delete-account', { body: { token } })).status).toBe(200);
    expect(await outbox().countDocuments({ 'message.userId': reader.user.user_id })).toBe(0);
  }, 90_000);
});
