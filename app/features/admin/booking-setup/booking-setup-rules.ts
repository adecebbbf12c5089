/**
 * The booking setup's limits, shared by the server's checks and the screen's inputs. The type
 * limits are the database's own checks on `appointment_types` (migration 0011).
 */

/** Minutes an appointment takes, minutes kept free after it, customers served at once. */
export const TYPE_LIMITS = {
  duration: { min: 5, max: 480 },
  buffer: { min: 0, max: 240 },
  capacity: { min: 1, max: 50 },
} as const;

/** The longest closure, in days. */
export const CLOSURE_MAX_DAYS = 366;

/** The longest closure reason, in characters. */
export const CLOSURE_REASON_MAX_LENGTH = 200;
