/**
 * Structured logs (pino), one JSON line per event. Cookies, Set-Cookie and Authorization
 * headers are never written: they carry session tokens.
 */
import pino from 'pino';

/** Paths pino replaces with "[redacted]" in every log line. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** Creates the process logger at the given level. */
export function createLogger(level: string): pino.Logger {
  return pino({ level, base: { service: 'storefront' }, redact: REDACTED_PATHS });
}
