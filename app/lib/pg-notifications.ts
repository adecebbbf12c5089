/**
 * Reads NotificationResponse messages ('A') out of a PostgreSQL backend message stream.
 * The embedded database's wire-protocol socket hands such raw streams to its clients; the
 * server reads the notifications from them so that a change made over the socket reaches the
 * app's own LISTENers too (PGlite is one session shared by both).
 */

/** Feeds chunks of backend messages; calls `onNotification` for every complete 'A' message. */
export class NotificationScanner {
  private pending: Uint8Array = new Uint8Array(0);
  private readonly decoder = new TextDecoder();

  constructor(private readonly onNotification: (channel: string, payload: string) => void) {}

  /** Adds a chunk; a message split across chunks is completed by the next ones. */
  push(chunk: Uint8Array): void {
    const data = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    let offset = 0;
    while (data.length - offset >= 5) {
      const view = new DataView(data.buffer, data.byteOffset + offset);
      const type = data[offset];
      const length = view.getInt32(1);
      if (length < 4) {
        // Not a message stream we understand: drop the rest.
        this.pending = new Uint8Array(0);
        return;
      }
      if (data.length - offset < 1 + length) break;
      if (type === 0x41) this.readNotification(data.subarray(offset + 5, offset + 1 + length));
      offset += 1 + length;
    }
    this.pending = data.slice(offset);
  }

  private readNotification(body: Uint8Array): void {
    // int32 process id, channel\0, payload\0
    const channelEnd = body.indexOf(0, 4);
    if (channelEnd < 0) return;
    const payloadEnd = body.indexOf(0, channelEnd + 1);
    if (payloadEnd < 0) return;
    this.onNotification(
      this.decoder.decode(body.subarray(4, channelEnd)),
      this.decoder.decode(body.subarray(channelEnd + 1, payloadEnd)),
    );
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
