// The queue dashboard as an operator (the role, not an admin) opens it: after a reader asked to reset their password,
// once sent and once still waiting, no page of the board and no call of its API holds the reader's address, name,
// reset link or token. Real store, Redis, SMTP catcher and the workers sending.
import { CommandBus } from '@nestjs/cqrs';
import { MailCollection, type MailOutboxDocument, type MailSentDocument, OperatorApi, QueueName } from '@shelf/contracts';
import { testEnv, waitForMail, waitFor } from '@test/support';
import { Queue } from 'bullmq';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { type Reader, registerReader, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const RESET_SUBJECT = 'Reset your Novel Shelf password';
const STATUSES = ['latest', 'active', 'waiting', 'prioritized', 'delayed', 'completed', 'failed'];

describe("the queue dashboard holds no reader's link, token or address", () => {
  let site: TestSite;
  let operator: Reader;
  let reader: Reader;
  let mailQueue: Queue;

  beforeAll(async () => {
    site = await startSite(env);
    operator = await registerReader(site, 'Operator');
    reader = await registerReader(site, 'Forgetful');
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    mailQueue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
  }, 90_000);

  afterAll(async () => {
    await mailQueue.resume();
    await mailQueue.close();
    await site.close();
  });

  it('shows an operator the reset e-mails, sent and waiting, by their keys alone', async () => {
    const outbox = site.store.db!.collection<MailOutboxDocument>(MailCollection.Outbox);
    const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
    const forgot = () => site.call('POST', 'user/forgot-password', { body: { email: reader.user.email, honeypot: '' }, ip: reader.ip });

    // One reset e-mail sent (its job completed), one waiting in the paused queue with its link live.
    expect((await forgot()).status).toBe(200);
    const sent = linkIn((await waitForMail(reader.user.email, 15_000, RESET_SUBJECT)).text);
    await waitFor('the first reset e-mail out of the outbox', async () => (await outbox.countDocuments({ 'message.userId': reader.user.user_id })) === 0);
    await mailQueue.pause();
    expect((await forgot()).status).toBe(200);
    const entry = await waitFor('the second reset e-mail in the outbox', () => outbox.findOne({ 'message.userId': reader.user.user_id, 'message.subject': RESET_SUBJECT }).then((doc) => doc ?? undefined));
    await waitFor('its job waiting', () => mailQueue.getJob(entry._id));
    const waiting = linkIn(entry.message.text);
    const secrets = [reader.user.email, encodeURIComponent(reader.user.email), reader.user.username];
    for (const link of [sent, waiting]) secrets.push(link.href, link.searchParams.get('token')!);

    // The operator opens the board from the moderation page: the session cookie, then its pages and API calls.
    const session = await fetch(`${site.base}${OperatorApi.queueDashboardSession}`, { method: 'POST', headers: { authorization: `Bearer ${operator.token}` } });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const bodies: string[] = [];
    const open = async (path: string) => {
      const response = await fetch(`${site.base}/admin/queues${path}`, { headers: { cookie } });
      const body = await response.text();
      bodies.push(`${path} ${response.status}: ${body}`);
      return { status: response.status, body };
    };
    expect((await open('')).status).toBe(200);
    expect((await open(`/queue/${QueueName.Mail}`)).status).toBe(200);
    const listed: { id: string; data: unknown }[] = [];
    for (const status of STATUSES) {
      const answer = await open(`/api/queues?activeQueue=${QueueName.Mail}&status=${status}&page=1&jobsPerPage=50`);
      expect(answer.status).toBe(200);
      const { queues } = JSON.parse(answer.body) as { queues: { name: string; jobs: { id: string; data: unknown }[] }[] };
      listed.push(...queues.find((queue) => queue.name === QueueName.Mail)!.jobs);
    }
    for (const { id } of listed) {
      expect((await open(`/api/queues/${QueueName.Mail}/${id}`)).status).toBe(200);
      await open(`/api/queues/${QueueName.Mail}/${id}/logs`);
      await open(`/api/queues/${QueueName.Mail}/${id}/flow`);
    }
    await open('/api/job-schedulers');

    // The board did show the reader's reset e-mails, the sent one and the waiting one, by their outbox keys.
    const sentKeys = (await site.store.db!.collection<MailSentDocument>(MailCollection.Sent).find({ userId: reader.user.user_id, subject: RESET_SUBJECT }).toArray()).map((doc) => doc._id);
    expect(sentKeys).toHaveLength(1);
    for (const key of [...sentKeys, entry._id]) expect(listed).toContainEqual(expect.objectContaining({ id: key, data: { key } }));
    const everything = bodies.join('\n').toLowerCase();
    expect(secrets.filter((secret) => everything.includes(secret.toLowerCase()))).toEqual([]);
  }, 60_000);
});
