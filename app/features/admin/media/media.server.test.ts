/**
 * The back office's gallery media on a real database and storage: uploads of images and videos
 * through the pipeline (fakes refused with nothing stored), shelves kept consistent, edits with
 * the stale-edit check and posters, deletes that remove the files nobody else uses, audit
 * entries, and the upload route's JSON answers and role checks. The gallery's own query is
 * used to check that shoppers see each change.
 */
import { refusalStatus, type RefusalCode } from '~/lib/refusal';
import { count, desc, eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, images, media, products, subcategories } from '~/lib/schema.server';
import { SEED_VIDEOS_DIR } from '~/seed/seed.server';
import { listGalleryItems } from '~/features/gallery/gallery.server';
import { variantKey } from '~/features/media/image-url';
import * as mediaRoute from '~/routes/admin/media';
import * as uploadRoute from '~/routes/admin/media-upload';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import type { AdminOutcome } from '~/features/admin/shared/admin-action.server';
import {
  listAdminMedia,
  saveMedia,
  saveMediaSchema,
  uploadMedia,
  uploadMediaSchema,
} from './media.server';
import { settleImageRenders } from './uploads.server';
import { deleteMediaItem, MEDIA_CHANGED_ELSEWHERE } from '~/features/media/media-commands.server';

let app: TestApp;
let adminCookie = '';
let customerCookie = '';
const actor = { id: '', email: 'owner@example.com' };
const shelves = { suits: 0, sherwani: 0, shirts: 0, linen: 0 };
let mp4: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', 'owner@example.com');
  actor.id = admin.userId;
  adminCookie = admin.cookie;
  customerCookie = (await app.signedIn('user')).cookie;
  const db = app.database.db;
  const [suits, shirts] = await db
    .insert(categories)
    .values([
      { name: 'Wedding Suits', slug: 'wedding-suits' },
      { name: 'Shirts', slug: 'shirts' },
    ])
    .returning();
  const [sherwani, linen] = await db
    .insert(subcategories)
    .values([
      { categoryId: suits!.id, name: 'Sherwani', slug: 'sherwani' },
      { categoryId: shirts!.id, name: 'Linen', slug: 'linen' },
    ])
    .returning();
  Object.assign(shelves, {
    suits: suits!.id,
    shirts: shirts!.id,
    sherwani: sherwani!.id,
    linen: linen!.id,
  });
  const [file] = (await fs.readdir(SEED_VIDEOS_DIR)).filter((name) => name.endsWith('.mp4'));
  mp4 = await fs.readFile(path.join(SEED_VIDEOS_DIR, file!));
});
afterAll(async () => {
  await settleImageRenders();
  await app?.dispose();
});

const photo = async (background: string, name = 'photo.jpg') =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 480, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: 'image/jpeg' },
  );

/** A form carrying these files. */
function filesForm(files: Record<string, File>): FormData {
  const form = new FormData();
  for (const [name, file] of Object.entries(files)) form.append(name, file, file.name);
  return form;
}

const upload = (fields: Record<string, string>, files: Record<string, File>) =>
  uploadMedia(
    app.database.db,
    app.storage,
    actor,
    uploadMediaSchema.parse({ title: 'A photo', ...fields }),
    filesForm(files),
  );

async function mediaRow(id: number) {
  const [row] = await app.database.db.select().from(media).where(eq(media.id, id));
  return row;
}

async function rowCount(table: typeof media | typeof images | typeof auditLog) {
  const [row] = await app.database.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

async function lastAudit() {
  const [row] = await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

describe(`media uploads on ${testDatabaseKind}`, () => {
  it('adds an image with its shelves, renders its variants and shows it in the gallery', async () => {
    const { id, message } = await upload(
      {
        title: 'Ivory sherwani <b>bold</b>',
        description: 'Hand embroidered',
        categoryId: String(shelves.suits),
        subcategoryId: String(shelves.sherwani),
      },
      { file: await photo('#f4ecd8') },
    );
    expect(message).toBe('"Ivory sherwani <b>bold</b>" is in the gallery.');
    const row = await mediaRow(id);
    expect(row).toMatchObject({
      kind: 'image',
      title: 'Ivory sherwani <b>bold</b>',
      description: 'Hand embroidered',
      categoryId: shelves.suits,
      subcategoryId: shelves.sherwani,
      videoKey: null,
    });
    expect(row!.imageKey).toMatch(/^img-[0-9a-f]{32}$/);
    await settleImageRenders();
    expect(await app.storage.exists(variantKey(row!.imageKey!, 320, 'avif'))).toBe(true);

    const gallery = await listGalleryItems(app.database.db);
    expect(gallery[0]).toMatchObject({
      id,
      kind: 'image',
      title: 'Ivory sherwani <b>bold</b>',
      category: { name: 'Wedding Suits', slug: 'wedding-suits' },
      subcategory: { name: 'Sherwani', slug: 'sherwani' },
    });
    expect((await lastAudit()).action).toBe('media.create');
  });

  it('adds a video, recognised by its content, in the section chosen or Fabric showcase', async () => {
    const video = new File([new Uint8Array(mp4)], 'shop.bin', { type: '' });
    const first = await upload(
      { title: 'Store walk', videoSection: 'store-visit' },
      { file: video },
    );
    expect(await mediaRow(first.id)).toMatchObject({
      kind: 'video',
      videoSection: 'store-visit',
      imageKey: null,
      posterKey: null,
    });
    const second = await upload(
      { title: 'Fabric roll' },
      {
        file: new File([new Uint8Array(mp4)], 'roll.mp4', { type: 'video/mp4' }),
        poster: await photo('#223344', 'poster.jpg'),
      },
    );
    const row = await mediaRow(second.id);
    expect(row).toMatchObject({ kind: 'video', videoSection: 'fabric-showcase' });
    expect(row!.videoKey).toMatch(/^videos\/[0-9a-f]{32}\.mp4$/);
    expect(row!.posterKey).toMatch(/^img-/);
    const listed = (await listGalleryItems(app.database.db)).find((item) => item.id === second.id);
    expect(listed).toMatchObject({ videoUrl: `/media/${row!.videoKey}`, imageKey: row!.posterKey });
  });

  it('refuses fakes, a missing file and mismatched shelves, adding nothing', async () => {
    const before = { media: await rowCount(media), images: await rowCount(images) };
    const cases: [Record<string, string>, Record<string, File>, number, RegExp, string][] = [
      [{}, {}, 422, /choose an image or a video/, 'file'],
      [
        {},
        { file: new File(['just text'], 'photo.jpg', { type: 'image/jpeg' }) },
        415,
        /not an image we can read/,
        'file',
      ],
      [
        {},
        { file: new File(['not a film'], 'clip.mp4', { type: 'video/mp4' }) },
        415,
        /not a video we can play/,
        'file',
      ],
      [
        { categoryId: String(shelves.shirts), subcategoryId: String(shelves.sherwani) },
        { file: await photo('#101010') },
        422,
        /belongs to another category/,
        'subcategoryId',
      ],
      [
        { subcategoryId: String(shelves.linen) },
        { file: await photo('#101011') },
        422,
        /choose the category/,
        'categoryId',
      ],
      [
        { categoryId: '999999' },
        { file: await photo('#101012') },
        422,
        /no longer exists/,
        'categoryId',
      ],
    ];
    for (const [fields, files, status, message, field] of cases) {
      const error = await upload(fields, files).then(
        () => null,
        (e: unknown) => e as { code: RefusalCode; message: string; field?: string },
      );
      expect(error, JSON.stringify(fields)).not.toBeNull();
      expect(refusalStatus(error!.code)).toBe(status);
      expect(error!.message).toMatch(message);
      expect(error!.field).toBe(field);
    }
    expect(await rowCount(media)).toBe(before.media);
    expect(await rowCount(images)).toBe(before.images);
  });

  it('parses its fields with clear messages', () => {
    const problems = (fields: Record<string, unknown>) =>
      uploadMediaSchema.safeParse(fields).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ title: '  ' })).toEqual(['Please enter a title.']);
    expect(problems({ title: 'x'.repeat(121) })).toEqual([
      'Please keep the title to 120 characters.',
    ]);
    expect(problems({ title: 'ok', description: 'x'.repeat(1001) })).toEqual([
      'Please keep the description to 1000 characters.',
    ]);
    expect(problems({ title: 'ok', videoSection: 'bloopers' })).toEqual([
      'Please choose a video section from the list.',
    ]);
    expect(problems({ title: 'ok', categoryId: '-1' })).toEqual([
      'Please choose a category from the list.',
    ]);
  });
});

describe(`media edits and deletes on ${testDatabaseKind}`, () => {
  const edit = async (
    id: number,
    fields: Record<string, string>,
    files: Record<string, File> = {},
  ) => {
    const row = await mediaRow(id);
    return saveMedia(
      app.database.db,
      app.storage,
      actor,
      saveMediaSchema.parse({
        id: String(id),
        version: row!.updatedAt.toISOString(),
        title: row!.title,
        ...fields,
      }),
      filesForm(files),
    );
  };

  it('edits texts and shelves, refuses a stale version and records before and after', async () => {
    const { id } = await upload({ title: 'Linen shirt' }, { file: await photo('#e0d8c0') });
    const opened = (await mediaRow(id))!.updatedAt.toISOString();
    expect(
      await edit(id, {
        title: 'Linen shirt, sky blue',
        categoryId: String(shelves.shirts),
        subcategoryId: String(shelves.linen),
      }),
    ).toBe('Saved "Linen shirt, sky blue".');
    expect(await mediaRow(id)).toMatchObject({
      title: 'Linen shirt, sky blue',
      categoryId: shelves.shirts,
      subcategoryId: shelves.linen,
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'media.update', entity: 'media', entityId: String(id) });
    expect(audit.before).toMatchObject({ title: 'Linen shirt', categoryId: null });
    expect(audit.after).toMatchObject({ title: 'Linen shirt, sky blue' });

    const stale = await saveMedia(
      app.database.db,
      app.storage,
      actor,
      saveMediaSchema.parse({ id: String(id), version: opened, title: 'Overwritten' }),
      new FormData(),
    ).catch((e: unknown) => e as { status: number; message: string });
    expect(stale).toMatchObject({ code: 'conflict', message: MEDIA_CHANGED_ELSEWHERE });
    expect((await mediaRow(id))!.title).toBe('Linen shirt, sky blue');
  });

  it('gives a video a poster, replaces it, and removes it', async () => {
    const { id } = await upload(
      { title: 'Promo' },
      { file: new File([new Uint8Array(mp4)], 'promo.mp4', { type: 'video/mp4' }) },
    );
    await edit(id, { videoSection: 'promotions' }, { poster: await photo('#aa3344', 'p1.jpg') });
    const first = (await mediaRow(id))!;
    expect(first).toMatchObject({ videoSection: 'promotions' });
    expect(first.posterKey).toMatch(/^img-/);
    await edit(id, {}, { poster: await photo('#33aa44', 'p2.jpg') });
    const second = (await mediaRow(id))!;
    expect(second.posterKey).not.toBe(first.posterKey);
    // The replaced poster was used by nothing else: its row and files are gone.
    expect(
      await app.database.db.select().from(images).where(eq(images.key, first.posterKey!)),
    ).toEqual([]);
    await edit(id, { removePoster: 'on' });
    expect((await mediaRow(id))!.posterKey).toBeNull();
  });

  it('deletes an item with its files, but keeps an image a product still shows', async () => {
    const shared = await upload({ title: 'Shared photo' }, { file: await photo('#123456') });
    const own = await upload({ title: 'Own photo' }, { file: await photo('#654321') });
    const sharedKey = (await mediaRow(shared.id))!.imageKey!;
    const ownKey = (await mediaRow(own.id))!.imageKey!;
    await settleImageRenders();
    await app.database.db.insert(products).values({
      name: 'Product with the shared photo',
      slug: 'product-with-the-shared-photo',
      categoryId: shelves.shirts,
      pricePaise: 100_00,
      imageKeys: [sharedKey],
    });

    expect(await deleteMediaItem(app.database.db, app.storage, actor, { id: own.id })).toBe(
      'Deleted "Own photo" from the gallery.',
    );
    expect(await mediaRow(own.id)).toBeUndefined();
    expect(await app.database.db.select().from(images).where(eq(images.key, ownKey))).toEqual([]);
    expect(await app.storage.exists(variantKey(ownKey, 320, 'webp'))).toBe(false);

    await deleteMediaItem(app.database.db, app.storage, actor, { id: shared.id });
    expect(
      await app.database.db.select().from(images).where(eq(images.key, sharedKey)),
    ).toHaveLength(1);
    expect(await app.storage.exists(variantKey(sharedKey, 320, 'webp'))).toBe(true);
    expect((await listGalleryItems(app.database.db)).some((item) => item.id === shared.id)).toBe(
      false,
    );
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'media.delete', after: null });
    expect(audit.before).toMatchObject({ title: 'Shared photo' });

    const again = await deleteMediaItem(app.database.db, app.storage, actor, {
      id: shared.id,
    }).catch((e: unknown) => e as { code: string });
    expect(again).toMatchObject({ code: 'not-found' });
  });

  it('deletes a video file once no item uses it', async () => {
    // Other tests' items use the plain file; these two share a file of their own.
    const bytes = new Uint8Array(Buffer.concat([mp4, Buffer.from('a different file')]));
    const video = () => new File([bytes], 'same.mp4', { type: 'video/mp4' });
    const one = await upload({ title: 'Copy one' }, { file: video() });
    const two = await upload({ title: 'Copy two' }, { file: video() });
    const key = (await mediaRow(one.id))!.videoKey!;
    expect((await mediaRow(two.id))!.videoKey).toBe(key);
    await deleteMediaItem(app.database.db, app.storage, actor, { id: one.id });
    expect(await app.storage.exists(key)).toBe(true);
    await deleteMediaItem(app.database.db, app.storage, actor, { id: two.id });
    expect(await app.storage.exists(key)).toBe(false);
  });

  it('lists newest first, by kind and by search', async () => {
    await upload(
      { title: 'Zari border close-up', description: 'gold thread' },
      { file: await photo('#c0a060') },
    );
    const all = await listAdminMedia(app.database.db, { page: 1 });
    expect(all.items[0]!.title).toBe('Zari border close-up');
    expect(all.total).toBe(await rowCount(media));
    const videos = await listAdminMedia(app.database.db, { page: 1, kind: 'video' });
    expect(videos.items.every((item) => item.kind === 'video')).toBe(true);
    expect(videos.items.length).toBeGreaterThan(0);
    const found = await listAdminMedia(app.database.db, { page: 1, q: 'GOLD' });
    expect(found.items.map((item) => item.title)).toEqual(['Zari border close-up']);
    const literal = await listAdminMedia(app.database.db, { page: 1, q: '%' });
    expect(literal.total).toBe(0);
  });
});

describe(`the media routes on ${testDatabaseKind}`, () => {
  const post = (fields: Record<string, string | Blob>, cookie?: string) =>
    formPost('/admin/media/upload', fields, cookie);
  const callUpload = async (request: Request) => {
    const response = (await uploadRoute.action({
      request,
      context: app.context,
      params: {},
    } as never)) as Response;
    return { status: response.status, body: (await response.json()) as AdminOutcome };
  };

  it('answers uploads as JSON: stored for an administrator, refused for anyone else', async () => {
    const before = await rowCount(media);
    const fields = async () => ({
      intent: 'upload-media',
      title: 'Sent by the screen',
      file: await photo('#5a3e2b'),
    });
    expect(await callUpload(post(await fields()))).toMatchObject({
      status: 401,
      body: { ok: false, message: 'Please sign in as an administrator to do this.' },
    });
    expect(await callUpload(post(await fields(), customerCookie))).toMatchObject({
      status: 403,
      body: { ok: false, message: 'Only administrators can do this.' },
    });
    expect(await rowCount(media)).toBe(before);
    const stored = await callUpload(post(await fields(), adminCookie));
    expect(stored).toMatchObject({ status: 200, body: { ok: true, intent: 'upload-media' } });
    expect(typeof stored.body.id).toBe('number');
    expect(await rowCount(media)).toBe(before + 1);

    const fake = await callUpload(
      post(
        { intent: 'upload-media', title: 'Fake', file: new File(['<?php'], 'x.png') },
        adminCookie,
      ),
    );
    expect(fake).toMatchObject({
      status: 415,
      body: { ok: false, fieldErrors: { file: expect.any(String) } },
    });
    const untitled = await callUpload(
      post({ intent: 'upload-media', title: '', file: await photo('#5a3e2c') }, adminCookie),
    );
    expect(untitled).toMatchObject({
      status: 422,
      body: { fieldErrors: { title: 'Please enter a title.' } },
    });
    // Only uploads go through this route.
    const other = await callUpload(post({ intent: 'delete-media', id: '1' }, adminCookie));
    expect(other.status).toBe(400);
    expect(await rowCount(media)).toBe(before + 1);
  });

  it('lists the gallery for administrators only', async () => {
    const load = (cookie?: string, query = '') =>
      routeOutcome(() =>
        mediaRoute.loader({
          request: pageGet(`/admin/media${query}`, cookie),
          context: app.context,
          params: {},
        } as never),
      );
    expect((await load()).status).toBe(302);
    expect(await load(customerCookie)).toMatchObject({ status: 302, location: '/login' });
    const page = await load(adminCookie, '?type=videos');
    expect(page.status).toBe(200);
    const loaded = page.data as { kind: string; items: { kind: string }[]; options: unknown[] };
    expect(loaded.kind).toBe('video');
    expect(loaded.items.every((item) => item.kind === 'video')).toBe(true);
    expect(loaded.options.length).toBeGreaterThanOrEqual(2);
  });
});
