import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, smtpTransport } from '../../src/domain/mailer.js';

// The mailer's timeouts reach the SMTP connection: a server that accepts and never greets fails the send, instead of
// holding the mail job until the operating system gives up.

const held: Socket[] = [];
const silent = createServer((socket) => void held.push(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const port = (silent.address() as { port: number }).port;

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the SMTP mailer', () => {
  it('connects with the timeouts it was given, beside what the URL says', () => {
    const transport = smtpTransport('smtp://usuario:segredo@smtp.example.com:2525', 3);
    expect(transport.transporter).toMatchObject({
      options: {
        host: 'smtp.example.com',
        port: 2525,
        auth: { user: 'usuario', pass: 'segredo' },
        connectionTimeout: 3000,
        greetingTimeout: 3000,
        socketTimeout: 6000,
      },
    });
    transport.close();
  });

  it('gives up on a server that never greets, with the greeting timeout it was given', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'site@example.com',
      timeoutSeconds: 1,
    });
    try {
      await expect(
        mailer.send('ana@example.com', { subject: 'Assunto', html: '<p>Olá</p>', text: 'Olá' }),
      ).rejects.toMatchObject({ code: 'ETIMEDOUT', message: expect.stringMatching(/greeting/i) as unknown });
      expect(held.length).toBeGreaterThan(0);
    } finally {
      mailer.close();
    }
  });
});
