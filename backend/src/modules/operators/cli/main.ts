import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { AccountEventType, type AuditEntryDocument } from '@shelf/contracts';
import { userInfo } from 'node:os';
import { DomainError } from '../../../domain/domain-error';
import { AccountDirectory, ChangeOperatorRoleCommand } from '../../accounts';
import { AuditTrailReadStore } from '../../audit';
import { OperatorsCliModule } from './operators-cli.module';

const usage = `usage:
  operators grant <email>    give the account with this e-mail the operator role (appends user.operator-granted.v1)
  operators revoke <email>   take the role back (appends user.operator-revoked.v1)
  operators list             the accounts holding the role, as the audit trail has projected it`;

/** Who ran the command, as the events' actor: the audit trail shows it. */
const actor = () => `operators-cli:${userInfo().username}`;

async function main(argv: string[]): Promise<void> {
  const [command, email] = argv;
  if (!(['grant', 'revoke'].includes(command) && email) && command !== 'list') {
    console.error(usage);
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(OperatorsCliModule.register(process.env), { logger: ['error', 'warn'] });
  try {
    if (command === 'list') return await list(app.get(AuditTrailReadStore), app.get(AccountDirectory));
    console.log(await app.get(CommandBus).execute<ChangeOperatorRoleCommand, string>(new ChangeOperatorRoleCommand(email, command === 'grant', actor())));
  } catch (error) {
    // A refusal (no such account) is the answer, said as plainly as a success.
    if (!(error instanceof DomainError)) throw error;
    console.log(error.message);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** The role events of the audit trail, folded oldest first into who holds the role now. */
async function list(trail: AuditTrailReadStore, directory: AccountDirectory): Promise<void> {
  const changes = await trail.find({ types: [AccountEventType.OperatorGranted, AccountEventType.OperatorRevoked] }, 0, 100_000);
  const holders = new Map<string, AuditEntryDocument>();
  for (const change of changes.reverse()) {
    if (change.type === AccountEventType.OperatorGranted) holders.set(change.target, change);
    else holders.delete(change.target);
  }
  if (holders.size === 0) return console.log('No account holds the operator role.');
  for (const [userId, granted] of holders) {
    const user = await directory.find(userId);
    console.log(`${user ? `${user.username} <${user.email}>` : userId}  granted ${granted.occurred_at} by ${granted.actor}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  Logger.error(error instanceof Error ? error.message : String(error), 'Operators');
  process.exit(1);
});
