/** Structured logs (pino), one JSON line per event. */
import pino from 'pino';

/** Creates the process logger at the given level. */
export function createLogger(level: string): pino.Logger {
  return pino({ level, base: { service: 'storefront' } });
}
