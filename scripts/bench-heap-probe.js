/**
 * Loaded into the server by `npm run bench:load` only (`node --expose-gc --import
 * ./scripts/bench-heap-probe.js server/main.js`), never in production. On SIGUSR2 it runs a full
 * garbage collection and appends `process.memoryUsage()` (bytes, one JSON object per line) to
 * the file `BENCH_HEAP_FILE` names. The heap still in use after a full collection is what a
 * leak makes grow; resident memory also grows while V8 simply keeps a larger heap under load.
 */
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_HEAP_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    appendFileSync(file, `${JSON.stringify(process.memoryUsage())}\n`);
  });
}
