import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/lib/jobs/enqueue.server';
import { createWorker, type JobLog } from '~/lib/jobs/worker.server';
import { createMailer } from '~/lib/mail.server';
import { jobs, notifications } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { createNotificationChannels, WHATSAPP_OUTBOX_FOLDER } from './notifications.server';
import { notificationHandlers, queueNotification } from './queue.server';
import type { NotificationChannel, NotificationChannels, OutgoingMessage } from './types';

let database: TestDatabase;
const quiet: JobLog = { info() {}, warn() {}, error() {} };
const t0 = new Date('2026-11-27T04:30:00Z');

/** A channel that records what it is asked to send and fails while `failing` is set. */
function recordingChannel(name: string) {
  const sent: OutgoingMessage[] = [];
  const state = { failing: false };
  const channel: NotificationChannel = {
    name,
    async send(message) {
      if (state.failing) throw new Error(`${name} is down`);
      sent.push(message);
      return { providerMessageId: `${name}-${sent.length}` };
    },
  };
  return { channel, sent, state };
}

const rowOf = async (id: number) =>
  (await database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(notifications);
});

describe(`queued notifications on ${testDatabaseKind}`, () => {
  it('queue a row and its job in the caller’s transaction, and nothing when it rolls back', async () => {
    await database.db
      .transaction(async (tx) => {
        await queueNotification(tx, {
          channel: 'email',
          kind: 'test.message',
          recipient: 'asha@example.com',
          subject: 'Hello',
          body: 'Hello Asha',
        });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(notifications)).toEqual([]);
    expect(await database.db.select().from(jobs)).toEqual([]);

    const id = await database.db.transaction((tx) =>
      queueNotification(tx, {
        channel: 'email',
        kind: 'test.message',
        recipient: 'asha@example.com',
        subject: 'Hello',
        body: 'Hello Asha',
        runAt: t0,
      }),
    );
    expect(await rowOf(id!)).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: 'notification.send', payload: { notificationId: id } });
    expect(job!.runAt).toEqual(t0);
  });

  it('send each message once through its channel and mark it sent', async () => {
    const email = recordingChannel('email');
    const whatsapp = recordingChannel('whatsapp');
    const worker = createWorker({
      db: database.db,
      handlers: notificationHandlers({ email: email.channel, whatsapp: whatsapp.channel }),
      log: quiet,
      now: () => t0,
    });
    const mailId = (await queueNotification(database.db, {
      channel: 'email',
      kind: 'appointment.confirmed',
      recipient: 'asha@example.com',
      subject: 'Your consultation is booked',
      body: 'Dear Asha, see you on Saturday.',
      html: '<p>Dear Asha, see you on Saturday.</p>',
      attachments: [
        { filename: 'a.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' },
      ],
      runAt: t0,
    }))!;
    const waId = (await queueNotification(database.db, {
      channel: 'whatsapp',
      kind: 'appointment.confirmed',
      recipient: '+919812345678',
      subject: 'Appointment confirmed',
      body: 'Dear Asha, see you on Saturday.',
      whatsapp: { name: 'appointment_confirmation', language: 'en', params: ['Asha', 'Saturday'] },
      runAt: t0,
    }))!;
    expect(await worker.runDue()).toBe(2);
    expect(await worker.runDue()).toBe(0);
    expect(email.sent).toEqual([
      {
        to: 'asha@example.com',
        subject: 'Your consultation is booked',
        text: 'Dear Asha, see you on Saturday.',
        html: '<p>Dear Asha, see you on Saturday.</p>',
        attachments: [
          { filename: 'a.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' },
        ],
        template: undefined,
      },
    ]);
    expect(whatsapp.sent).toEqual([
      expect.objectContaining({
        to: '+919812345678',
        template: {
          name: 'appointment_confirmation',
          language: 'en',
          params: ['Asha', 'Saturday'],
        },
      }),
    ]);
    expect(await rowOf(mailId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: 'email-1',
      sentAt: t0,
    });
    expect(await rowOf(waId)).toMatchObject({ status: 'sent', providerMessageId: 'whatsapp-1' });

    // A second job for a message already sent (a duplicate, a replay) sends nothing.
    await enqueueJob(database.db, {
      kind: 'notification.send',
      payload: { notificationId: mailId },
      runAt: t0,
    });
    expect(await worker.runDue()).toBe(1);
    expect(email.sent).toHaveLength(1);
  });

  it('retry a failing channel with backoff, recording each error, and mark the message failed when the queue gives up', async () => {
    const email = recordingChannel('email');
    email.state.failing = true;
    let now = t0;
    const worker = createWorker({
      db: database.db,
      handlers: notificationHandlers({ email: email.channel } as NotificationChannels),
      log: quiet,
      now: () => now,
    });
    const id = (await queueNotification(database.db, {
      channel: 'email',
      kind: 'order.status',
      recipient: 'raj@example.com',
      subject: 'Your order',
      body: 'News of your order',
      runAt: t0,
    }))!;
    expect(await worker.runDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'email is down',
    });
    expect(await worker.runDue()).toBe(0);

    // Up to the fifth attempt, each after its wait; then failed for good.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      now = new Date(now.getTime() + 7 * 3_600_000);
      expect(await worker.runDue()).toBe(1);
      expect(await rowOf(id)).toMatchObject({
        status: attempt === 5 ? 'failed' : 'queued',
        attempts: attempt,
      });
    }
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'failed', attempts: 5, lastError: 'email is down' });

    // A message that recovers before the last attempt is sent once.
    const later = (await queueNotification(database.db, {
      channel: 'email',
      kind: 'order.status',
      recipient: 'raj@example.com',
      subject: 'Your order',
      body: 'More news',
      runAt: now,
    }))!;
    expect(await worker.runDue()).toBe(1);
    email.state.failing = false;
    now = new Date(now.getTime() + 60_000);
    expect(await worker.runDue()).toBe(1);
    expect(await rowOf(later)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(email.sent).toHaveLength(1);
  });

  it('queue a message only once per dedupe key', async () => {
    const message = {
      channel: 'email' as const,
      kind: 'order.paid',
      recipient: 'raj@example.com',
      subject: 'Your order is confirmed',
      body: 'Thank you',
      dedupeKey: 'order:1:paid:email',
    };
    expect(await queueNotification(database.db, message)).toEqual(expect.any(Number));
    expect(await queueNotification(database.db, message)).toBeNull();
    expect(await database.db.select().from(notifications)).toHaveLength(1);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
  });

  it('refuse a WhatsApp message without its template', async () => {
    await expect(
      queueNotification(database.db, {
        channel: 'whatsapp',
        kind: 'x',
        recipient: '+919812345678',
        subject: 'x',
        body: 'x',
      }),
    ).rejects.toThrow('A WhatsApp notification needs its template');
  });

  it('write to the e-mail and WhatsApp outboxes when nothing is configured', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'notify-outboxes-'));
    const mailer = createMailer({
      from: 'Shop <shop@example.com>',
      outboxDir: path.join(dataDir, 'outbox'),
      log: quiet as never,
    });
    const channels = createNotificationChannels({
      mailer,
      hasSmtp: false,
      dataDir,
      whatsappApiVersion: 'v21.0',
      log: quiet,
    });
    expect([channels.email.name, channels.whatsapp.name]).toEqual([
      'email-outbox',
      'whatsapp-outbox',
    ]);
    const worker = createWorker({
      db: database.db,
      handlers: notificationHandlers(channels),
      log: quiet,
      now: () => t0,
    });
    await queueNotification(database.db, {
      channel: 'email',
      kind: 'test',
      recipient: 'asha@example.com',
      subject: 'Your consultation is booked',
      body: 'See you soon',
      attachments: [
        {
          filename: 'appointment.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        },
      ],
      runAt: t0,
    });
    await queueNotification(database.db, {
      channel: 'whatsapp',
      kind: 'test',
      recipient: '+919812345678',
      subject: 'Appointment confirmed',
      body: 'See you soon',
      whatsapp: { name: 'appointment_confirmation', language: 'en', params: ['Asha'] },
      runAt: t0,
    });
    expect(await worker.runDue()).toBe(2);
    const [eml] = await fs.readdir(path.join(dataDir, 'outbox'));
    const mail = await fs.readFile(path.join(dataDir, 'outbox', eml!), 'utf8');
    expect(mail).toMatch(/^Subject: Your consultation is booked$/m);
    expect(mail).toContain('filename=appointment.ics');
    const [json] = await fs.readdir(path.join(dataDir, WHATSAPP_OUTBOX_FOLDER));
    const entry = JSON.parse(
      await fs.readFile(path.join(dataDir, WHATSAPP_OUTBOX_FOLDER, json!), 'utf8'),
    ) as { to: string; template: string; text: string };
    expect(entry).toMatchObject({
      to: '+919812345678',
      template: 'appointment_confirmation',
      text: 'See you soon',
    });
    const rows = await database.db.select().from(notifications);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(rows.map((row) => row.providerMessageId).sort()).toEqual([eml, `outbox:${json}`].sort());
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
