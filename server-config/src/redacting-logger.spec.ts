import { RedactingLogger } from './redacting-logger';

/** What the logger writes to stdout and stderr while `log` runs. */
function printed(log: () => void): string {
  const lines: string[] = [];
  const keep = (chunk: unknown) => (lines.push(String(chunk)), true);
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(keep);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(keep);
  try {
    log();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.join('');
}

describe('RedactingLogger', () => {
  const address = 'reader.one@example.test';
  const link = 'https://shelf.example/user/reset-password?token=Secret-Token_123&email=reader.one%40example.test';

  it('prints no address nor link token, in messages, objects or stack traces, and keeps the rest', () => {
    const logger = new RedactingLogger({ logLevels: ['error', 'warn', 'log'], colors: false });
    const error = new Error(`E11000 duplicate key error dup key: { _id: "email:${address}" }`);
    const output = printed(() => {
      logger.log(`e-mail mail-1 to ${address} failed every try (550 5.1.1 <${address}>: Recipient address rejected)`, 'MailOutbox');
      logger.warn(`${link} is left to the browser to render`);
      logger.error(error.message, error.stack, 'ExceptionsHandler');
      logger.log({ to: address, link });
    });
    expect(output).not.toContain(address);
    expect(output).not.toContain('Secret-Token_123');
    expect(output).toContain('e-mail mail-1 to [address] failed every try (550 5.1.1 <[address]>: Recipient address rejected)');
    expect(output).toContain('https://shelf.example/user/reset-password?… is left to the browser to render');
    expect(output).toContain('[MailOutbox]');
  });

});
