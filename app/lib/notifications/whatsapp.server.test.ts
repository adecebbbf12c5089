import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsAppCloudChannel } from './whatsapp-cloud.server';
import { createWhatsAppOutbox, type WhatsAppOutboxEntry } from './whatsapp-outbox.server';
import type { OutgoingMessage } from './types';

/** What the local stand-in for the Graph API received, and how it answers. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}
let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
let answer: (res: http.ServerResponse) => void = () => {};
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(text),
      });
      answer(res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const message: OutgoingMessage = {
  to: '+919812345678',
  subject: 'Appointment confirmed',
  text: 'Dear Asha, your consultation is on Sat 28 Nov 2026, 11:00 am.',
  template: {
    name: 'appointment_confirmation',
    language: 'en',
    params: ['Asha', 'Consultation', 'Sat 28 Nov 2026, 11:00 am'],
  },
};

const channel = (timeoutMs = 2_000) =>
  createWhatsAppCloudChannel({
    token: 'test-token-123',
    phoneNumberId: '1098765',
    apiVersion: 'v21.0',
    baseUrl,
    timeoutMs,
  });

describe('the WhatsApp Cloud API channel', () => {
  it('posts a template message with the bearer token and answers the message id', async () => {
    seen.length = 0;
    answer = (res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: '919812345678', wa_id: '919812345678' }],
          messages: [{ id: 'wamid.HBgM123' }],
        }),
      );
    expect(await channel().send(message)).toEqual({ providerMessageId: 'wamid.HBgM123' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/v21.0/1098765/messages',
        authorization: 'Bearer test-token-123',
        contentType: 'application/json',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '919812345678',
          type: 'template',
          template: {
            name: 'appointment_confirmation',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Asha' },
                  { type: 'text', text: 'Consultation' },
                  { type: 'text', text: 'Sat 28 Nov 2026, 11:00 am' },
                ],
              },
            ],
          },
        },
      },
    ]);
  });

  it("throws with the API's own message on an error answer, without the token", async () => {
    answer = (res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: '(#132001) Template name does not exist in the translation',
            type: 'OAuthException',
            code: 132001,
          },
        }),
      );
    const failure = (await channel()
      .send(message)
      .catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toBe(
      'WhatsApp Cloud API answered 400: (#132001) Template name does not exist in the translation (code 132001)',
    );
    expect(failure.message).not.toContain('test-token-123');
  });

  it('gives up on an API that does not answer in time', async () => {
    answer = () => {};
    await expect(channel(200).send(message)).rejects.toThrow(
      'WhatsApp Cloud API did not answer within 200 ms',
    );
  });

  it('refuses a message without a template before calling the API', async () => {
    seen.length = 0;
    await expect(channel().send({ ...message, template: undefined })).rejects.toThrow(
      'A WhatsApp message needs a template',
    );
    expect(seen).toEqual([]);
  });

  it('posts a document message (link, file name, caption) when the message carries a document', async () => {
    seen.length = 0;
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages: [{ id: 'wamid.DOC1' }] }));
    await channel().send({
      ...message,
      template: undefined,
      document: {
        link: 'https://shop.example/o/12.abc.0123/invoice.pdf',
        filename: 'tax-invoice-RT-26-27-000001.pdf',
        caption: 'Tax invoice RT/26-27/000001',
      },
    });
    expect(seen.map((request) => request.body)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919812345678',
        type: 'document',
        document: {
          link: 'https://shop.example/o/12.abc.0123/invoice.pdf',
          filename: 'tax-invoice-RT-26-27-000001.pdf',
          caption: 'Tax invoice RT/26-27/000001',
        },
      },
    ]);
  });
});

describe('the WhatsApp outbox', () => {
  it('writes each message as JSON with its template, parameters and text, and logs the text', async () => {
    const dir = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'wa-outbox-')),
      'whatsapp-outbox',
    );
    const logged: object[] = [];
    const outbox = createWhatsAppOutbox({
      dir,
      log: { info: (fields) => logged.push(fields) },
      now: () => new Date('2026-11-27T05:00:00Z'),
    });
    const sent = await outbox.send(message);
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2026-11-27T05-00-00-000Z-[0-9a-f]{8}\.json$/);
    expect(sent).toEqual({ providerMessageId: `outbox:${files[0]}` });
    const entry = JSON.parse(
      await fs.readFile(path.join(dir, files[0]!), 'utf8'),
    ) as WhatsAppOutboxEntry;
    expect(entry).toEqual({
      to: '+919812345678',
      template: 'appointment_confirmation',
      language: 'en',
      params: ['Asha', 'Consultation', 'Sat 28 Nov 2026, 11:00 am'],
      document: null,
      text: message.text,
      writtenAt: '2026-11-27T05:00:00.000Z',
    });
    expect(logged).toEqual([expect.objectContaining({ to: '+919812345678', text: message.text })]);
    await fs.rm(path.dirname(dir), { recursive: true, force: true });
  });
});
