import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'libqp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetEmail, verificationEmail } from '~/features/account/emails';
import { createMailer } from './mail.server';

let outbox: string;
beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-mail-'));
});
afterAll(async () => {
  await fs.rm(outbox, { recursive: true, force: true });
});

function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

describe('the mailer', () => {
  it('writes each message to the outbox as an .eml with text and HTML parts, and logs its link', async () => {
    const { lines, log } = recordingLog();
    const mailer = createMailer({ from: 'Shop <shop@example.com>', outboxDir: outbox, log });
    const url = 'http://shop.test/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Flogin';
    mailer.send(
      verificationEmail({
        to: 'raj@example.com',
        name: 'Raj <b>Patel</b>',
        url,
        shopName: 'Test Tailors',
        validForHours: 24,
      }),
    );
    await mailer.idle();
    const [file] = await fs.readdir(outbox);
    const eml = await fs.readFile(path.join(outbox, file!), 'utf8');
    expect(eml).toMatch(/^To: raj@example\.com$/m);
    expect(eml).toMatch(/^Subject: Confirm your e-mail for Test Tailors$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    const decoded = decode(eml).toString('utf8');
    expect(decoded).toContain(url);
    expect(decoded).toContain('Dear Raj &lt;b&gt;Patel&lt;/b&gt;,');
    expect(decoded).not.toContain('<b>Patel</b>,</h1>');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        fields: expect.objectContaining({ link: url, outboxFile: file }),
      }),
    ]);
  });

  it('never throws to the sender; retries a failing server, then logs the message as lost', async () => {
    const { lines, log } = recordingLog();
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Shop <shop@example.com>',
      outboxDir: outbox,
      log,
      retryDelaysMs: [5, 5],
    });
    expect(() =>
      mailer.send(
        passwordResetEmail({
          to: 'raj@example.com',
          name: 'Raj',
          url: 'http://shop.test/reset',
          shopName: 'Test Tailors',
          validForHours: 1,
        }),
      ),
    ).not.toThrow();
    await mailer.idle();
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error']);
    expect(lines.at(-1)?.message).toBe('e-mail could not be sent; giving up');
  });

  it('gives up on a mail server that accepts the connection but never greets, after the greeting timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { lines, log } = recordingLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Shop <shop@example.com>',
      outboxDir: outbox,
      log,
      retryDelaysMs: [],
      timeoutsMs: { greeting: 300 },
    });
    mailer.send(
      verificationEmail({
        to: 'raj@example.com',
        name: 'Raj',
        url: 'http://shop.test/verify',
        shopName: 'Test Tailors',
        validForHours: 24,
      }),
    );
    await mailer.idle();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect(lines.map((line) => line.message)).toEqual(['e-mail could not be sent; giving up']);
    // Nodemailer's own greeting wait is 30 s; this one is the mailer's.
    expect(String((lines[0]?.fields.err as Error).message)).toMatch(/greeting/i);
  });
  it('delivers once on request, with attachments, and throws a failure to the caller without retrying', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-mail-deliver-'));
    const { lines, log } = recordingLog();
    const mailer = createMailer({ from: 'Shop <shop@example.com>', outboxDir: dir, log });
    const delivery = await mailer.deliver({
      to: 'asha@example.com',
      subject: 'Your consultation',
      text: 'See you soon.',
      html: '<p>See you soon.</p>',
      attachments: [
        {
          filename: 'invite.ics',
          content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        },
      ],
    });
    expect(delivery.messageId).toMatch(/^<.+@.+>$/);
    expect(await fs.readdir(dir)).toEqual([delivery.outboxFile]);
    const eml = await fs.readFile(path.join(dir, delivery.outboxFile!), 'utf8');
    expect(eml).toMatch(/^Subject: Your consultation$/m);
    expect(eml).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
    expect(eml).toContain('filename=invite.ics');
    expect(lines).toHaveLength(1);
    await fs.rm(dir, { recursive: true, force: true });

    const failing = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Shop <shop@example.com>',
      outboxDir: outbox,
      log,
      retryDelaysMs: [5, 5],
    });
    await expect(
      failing.deliver({ to: 'asha@example.com', subject: 'x', text: 'x', html: 'x' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(lines).toHaveLength(1);
  });
});
