/**
 * The pending-changes queue (issue 36 item 1): a change is kept on the device until the server
 * answers, sent in order, sent again with the same id after a failure, dropped when refused,
 * and a shopper's copies are forgotten on a page for someone else.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeQueue, forgetOtherShoppers, sendPendingChanges } from './pending-changes';

type Change = { action: 'add' | 'remove'; productId: number };
type Answer = { ids: number[] };

/** A browser's local storage, kept in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** A wishlist server: applies each change id once; `down` makes it unreachable. */
function fakeServer() {
  const server = {
    ids: [] as number[],
    seen: [] as string[],
    bodies: [] as unknown[],
    down: false,
  };
  const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
    if (server.down) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init.body)) as Change & { changeId: string };
    server.bodies.push({ ...body, keepalive: init.keepalive });
    if (body.productId > 1000) {
      return new Response(JSON.stringify({ error: 'Unknown product' }), { status: 400 });
    }
    if (!server.seen.includes(body.changeId)) {
      server.seen.push(body.changeId);
      server.ids =
        body.action === 'add'
          ? [body.productId, ...server.ids.filter((id) => id !== body.productId)]
          : server.ids.filter((id) => id !== body.productId);
    }
    return new Response(JSON.stringify({ ids: server.ids }), { status: 200 });
  });
  return { server, fetchStub };
}

const isChange = (value: object): value is Change => 'action' in value && 'productId' in value;
const queueOf = (userId: string) =>
  changeQueue<Change, Answer>({ name: 'wishlist', userId, url: '/api/wishlist', isChange });

let storage: Storage;
let server: ReturnType<typeof fakeServer>['server'];

beforeEach(() => {
  storage = memoryStorage();
  const fake = fakeServer();
  server = fake.server;
  vi.stubGlobal('window', { localStorage: storage });
  vi.stubGlobal('fetch', fake.fetchStub);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pending-changes queue', () => {
  it('sends changes in the order they were made, with keepalive, and forgets them once answered', async () => {
    const queue = queueOf('u1');
    const add = queue.send({ action: 'add', productId: 7 });
    const remove = queue.send({ action: 'remove', productId: 7 });
    const again = queue.send({ action: 'add', productId: 8 });
    expect(queue.pending()).toHaveLength(3);
    await expect(add).resolves.toEqual({ kind: 'applied', answer: { ids: [7] } });
    await expect(remove).resolves.toEqual({ kind: 'applied', answer: { ids: [] } });
    await expect(again).resolves.toEqual({ kind: 'applied', answer: { ids: [8] } });
    expect(server.bodies).toMatchObject([
      { action: 'add', productId: 7, keepalive: true },
      { action: 'remove', productId: 7, keepalive: true },
      { action: 'add', productId: 8, keepalive: true },
    ]);
    expect(queue.pending()).toEqual([]);
    expect(storage.getItem('pending_wishlist_u1')).toBeNull();
  });

  it('keeps a change the server did not get, and the next page sends it', async () => {
    server.down = true;
    const first = queueOf('u1');
    await expect(first.send({ action: 'add', productId: 5 })).resolves.toEqual({ kind: 'kept' });
    expect(first.pending()).toEqual([{ action: 'add', productId: 5 }]);

    // The next page: a queue of its own over the same storage.
    server.down = false;
    const next = queueOf('u1');
    const flushed = await next.flush();
    expect(flushed).toEqual({ answer: { ids: [5] }, answered: 1, refused: false, stalled: false });
    expect(next.pending()).toEqual([]);
  });

  it('sends changes made after a flush that found nothing to send', async () => {
    const queue = queueOf('u1');
    await queue.flush();
    const sent = queue.send({ action: 'add', productId: 6 });
    await queue.flush();
    expect(server.bodies).toHaveLength(1);
    await expect(sent).resolves.toEqual({ kind: 'applied', answer: { ids: [6] } });
  });

  it('drops a change the server refuses, and goes on with the next', async () => {
    const queue = queueOf('u1');
    const refused = queue.send({ action: 'add', productId: 5000 });
    const next = queue.send({ action: 'add', productId: 4 });
    await expect(refused).resolves.toEqual({
      kind: 'refused',
      status: 400,
      answer: { error: 'Unknown product' },
    });
    await expect(next).resolves.toEqual({ kind: 'applied', answer: { ids: [4] } });
    expect(queue.pending()).toEqual([]);
  });

  it('drops a read of the list that a change overtook, and keeps one no change overtook', async () => {
    const queue = queueOf('u1');
    // The page's read of the list leaves before the shopper's add and is answered after it,
    // with the list as it was: taking it would take the add back off the page.
    let answerRead!: (ids: number[]) => void;
    const read = queue.readFresh(() => new Promise<number[]>((resolve) => (answerRead = resolve)));
    await expect(queue.send({ action: 'add', productId: 9 })).resolves.toEqual({
      kind: 'applied',
      answer: { ids: [9] },
    });
    answerRead([]);
    await expect(read).resolves.toBeNull();
    // A read no change overtook is taken as it came.
    await expect(queue.readFresh(async () => server.ids)).resolves.toEqual([9]);
    // A change still on its way does not void a read: it stays pending, laid on top by callers.
    server.down = true;
    const kept = queue.send({ action: 'add', productId: 10 });
    await expect(queue.readFresh(async () => [9])).resolves.toEqual([9]);
    await expect(kept).resolves.toEqual({ kind: 'kept' });
    expect(queue.pending()).toEqual([{ action: 'add', productId: 10 }]);
  });

  it('sends what the mounted queues hold before signing out', async () => {
    server.down = true;
    const queue = queueOf('u1');
    const leave = queue.track();
    await queue.send({ action: 'add', productId: 9 });
    server.down = false;
    await sendPendingChanges();
    expect(server.ids).toEqual([9]);
    expect(queue.pending()).toEqual([]);
    leave();
  });
});

describe('forgetOtherShoppers', () => {
  it("removes another shopper's copies and pending changes, and keeps one's own", () => {
    for (const key of [
      'wishlist',
      'wishlist_u1',
      'pending_wishlist_u1',
      'wishlist_u2',
      'pending_wishlist_u2',
      'cart_u2',
    ]) {
      storage.setItem(key, '[1]');
    }
    forgetOtherShoppers('wishlist', 'u1');
    expect(storage.getItem('wishlist_u2')).toBeNull();
    expect(storage.getItem('pending_wishlist_u2')).toBeNull();
    expect(storage.getItem('wishlist_u1')).toBe('[1]');
    expect(storage.getItem('pending_wishlist_u1')).toBe('[1]');
    expect(storage.getItem('wishlist')).toBe('[1]');
    expect(storage.getItem('cart_u2')).toBe('[1]');
  });

  it("removes every shopper's copies on a guest's page, and keeps the guest's own", () => {
    for (const key of ['wishlist', 'wishlist_u1', 'pending_wishlist_u1']) {
      storage.setItem(key, '[1]');
    }
    forgetOtherShoppers('wishlist', null);
    expect(storage.getItem('wishlist_u1')).toBeNull();
    expect(storage.getItem('pending_wishlist_u1')).toBeNull();
    expect(storage.getItem('wishlist')).toBe('[1]');
  });
});
