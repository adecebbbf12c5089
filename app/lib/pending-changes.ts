/**
 * Changes a page makes to a signed-in shopper's stored cart or wishlist, kept in local storage
 * until the server has them (issue 36 item 1: an add the page confirmed was lost when the
 * shopper moved on at once). Each change:
 * - is written to `pending_{name}_{userId}` before it is sent, with an id of its own (a UUID);
 * - is sent with `keepalive`, so a navigation does not cancel it, and with its id, so the
 *   server applies it once however often it arrives (`lib/applied-changes.server.ts`);
 * - leaves the store only when the server answers: applied (2xx) or refused (another 4xx);
 *   a network failure, 408, 429 or 5xx keeps it, and it is sent again by the next flush (the
 *   next change, or the next page's load).
 * Changes are sent one at a time in the order they were made, so a remove never overtakes its
 * add. A page for someone else (another shopper, or a guest) removes a shopper's queue and
 * stored copies (`forgetOtherShoppers`), so nothing reaches the next person on a shared phone.
 */
import { readStoredList, writeStoredList } from './local-store';

/** What became of a change: the server's answer, its refusal, or kept for a later try. */
type ChangeOutcome<Answer> =
  | { kind: 'applied'; answer: Answer }
  | { kind: 'refused'; status: number; answer: Answer | null }
  | { kind: 'kept' };

/** A flush's result: the last answer the server gave, and whether changes are still kept. */
interface FlushResult<Answer> {
  answer: Answer | null;
  /** How many changes the server answered (applied or refused). */
  answered: number;
  /** Whether any change was refused. */
  refused: boolean;
  /** Whether changes are still kept (the server could not be reached). */
  stalled: boolean;
}

/** The pending changes of one list (`cart` or `wishlist`) of one shopper. */
interface ChangeQueue<Change extends object, Answer> {
  /** Keeps `change`, then sends every kept change in order; resolves to what became of it. */
  send(change: Change): Promise<ChangeOutcome<Answer>>;
  /** Sends every kept change in order (a page's load, before signing out). */
  flush(): Promise<FlushResult<Answer>>;
  /** The changes still kept, oldest first. */
  pending(): Change[];
  /**
   * Reads the server's list with `read`, or resolves to null when the server answered a change
   * of this page while the read was on its way: the read may have been answered before the
   * change was applied, and taking it would undo the change on the page (the change's own
   * answer carries the list already). A change still on its way is no reason: it stays in
   * `pending()`, which callers lay on top of what they read.
   */
  readFresh<T>(read: () => Promise<T | null>): Promise<T | null>;
  /**
   * Joins the page's queues that signing out flushes (`sendPendingChanges`) while the
   * shopper's provider is mounted; resolves to the function that leaves them.
   */
  track(): () => void;
}

interface KeptChange<Change> {
  id: string;
  change: Change;
}

/** Largest body sent with `keepalive` (browsers allow 64 KiB in flight per page). */
const KEEPALIVE_BYTES = 60_000;

/** The local-storage key of a shopper's pending changes to the list `name`. */
const queueKey = (name: string, userId: string) => `pending_${name}_${userId}`;

const isKept = (value: unknown): value is KeptChange<object> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { change?: unknown }).change === 'object' &&
  (value as { change?: unknown }).change !== null;

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only on HTTPS pages and localhost, and
 * the shop may be opened over plain HTTP on a local network.
 */
function newChangeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The queues of the mounted providers, so signing out can send what they hold first. */
const queues = new Set<ChangeQueue<object, unknown>>();

/**
 * The queue of `userId`'s changes to the list `name`, posted as JSON to `url` (the body is
 * the change with `changeId` added). `isChange` guards what local storage holds.
 */
export function changeQueue<Change extends object, Answer>(options: {
  name: string;
  userId: string;
  url: string;
  isChange: (value: object) => value is Change;
}): ChangeQueue<Change, Answer> {
  const key = queueKey(options.name, options.userId);
  const read = (): KeptChange<Change>[] =>
    readStoredList(key, isKept).filter((kept): kept is KeptChange<Change> =>
      options.isChange(kept.change),
    );
  const waiting = new Map<string, (outcome: ChangeOutcome<Answer>) => void>();
  let running: Promise<FlushResult<Answer>> | null = null;
  /** How many changes the server has answered (applied or refused) since the page loaded. */
  let answeredCount = 0;

  async function deliver(kept: KeptChange<Change>): Promise<ChangeOutcome<Answer>> {
    const body = JSON.stringify({ ...kept.change, changeId: kept.id });
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: body.length <= KEEPALIVE_BYTES,
      });
    } catch {
      return { kind: 'kept' };
    }
    const status = response.status;
    if (status === 408 || status === 429 || status >= 500) return { kind: 'kept' };
    const answer = (await response.json().catch(() => null)) as Answer | null;
    if (response.ok && answer !== null) return { kind: 'applied', answer };
    return { kind: 'refused', status, answer };
  }

  function flush(): Promise<FlushResult<Answer>> {
    running ??= (async () => {
      // Yield first: `running` must be set before the loop can end and clear it.
      await Promise.resolve();
      const result: FlushResult<Answer> = {
        answer: null,
        answered: 0,
        refused: false,
        stalled: false,
      };
      try {
        for (;;) {
          const [first] = read();
          if (!first) break;
          const outcome = await deliver(first);
          if (outcome.kind === 'kept') {
            result.stalled = true;
            for (const [id, settle] of waiting) {
              waiting.delete(id);
              settle(outcome);
            }
            break;
          }
          writeStoredList(
            key,
            read().filter((kept) => kept.id !== first.id),
          );
          result.answered += 1;
          answeredCount += 1;
          if (outcome.kind === 'refused') result.refused = true;
          if (outcome.answer !== null) result.answer = outcome.answer;
          waiting.get(first.id)?.(outcome);
          waiting.delete(first.id);
        }
      } finally {
        running = null;
      }
      return result;
    })();
    return running;
  }

  const queue: ChangeQueue<Change, Answer> = {
    send(change) {
      const kept = { id: newChangeId(), change };
      writeStoredList(key, [...read(), kept]);
      const outcome = new Promise<ChangeOutcome<Answer>>((resolve) =>
        waiting.set(kept.id, resolve),
      );
      void flush().then(() => {
        // Storage blocked or full: the change was never kept, so send it on its own.
        if (waiting.has(kept.id) && !read().some((item) => item.id === kept.id)) {
          void deliver(kept).then((result) => {
            if (result.kind !== 'kept') answeredCount += 1;
            waiting.get(kept.id)?.(result);
            waiting.delete(kept.id);
          });
        }
      });
      return outcome;
    },
    flush,
    pending: () => read().map((kept) => kept.change),
    async readFresh(readList) {
      const before = answeredCount;
      const list = await readList();
      return answeredCount === before ? list : null;
    },
    track: () => {
      queues.add(queue as ChangeQueue<object, unknown>);
      return () => void queues.delete(queue as ChangeQueue<object, unknown>);
    },
  };
  return queue;
}

/**
 * Sends the changes every queue of the page still holds, for at most `limitMs` (signing out:
 * a change the shopper made just before must reach their account, not wait for the next one).
 */
export async function sendPendingChanges(limitMs = 5_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all([...queues].map((queue) => queue.flush())),
    new Promise((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
}

/**
 * Removes the stored copies of the list `name` (`{name}_{id}…`) and the pending changes
 * (`pending_{name}_{id}`) of every shopper but `userId` (everyone's, for a guest): the phone
 * may be shared, and one shopper's list must not show to, or be sent for, the next.
 */
export function forgetOtherShoppers(name: string, userId: string | null): void {
  try {
    const storage = window.localStorage;
    const mine = userId ? [`${name}_${userId}`, queueKey(name, userId)] : [];
    const theirs: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key || mine.includes(key)) continue;
      if (key.startsWith(`${name}_`) || key.startsWith(`pending_${name}_`)) theirs.push(key);
    }
    for (const key of theirs) storage.removeItem(key);
  } catch {
    // Storage may be blocked.
  }
}
