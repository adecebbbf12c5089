/**
 * Reading request bodies so that bad input is a 4xx with a plain message, never a 500
 * (issue 17 item 6): a form action sent JSON, a JSON endpoint sent a form, a body that does
 * not parse, and text holding a NUL character (PostgreSQL cannot store U+0000 in `text`, so it
 * would fail deep inside a query).
 */
import { data } from 'react-router';

/** Database `integer` columns hold at most this (2^31 - 1); ids above it are not ids. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** What a refused body is told. */
export const BODY_REFUSALS = {
  formExpected:
    'This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data).',
  jsonExpected: 'This endpoint takes a JSON body (application/json).',
  unreadable: 'The request body could not be read.',
  nul: 'The request contains a NUL character, which cannot be stored. Please remove it and try again.',
} as const;

/** Whether a string, or any string inside an array or object, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (value instanceof File) return value.name.includes('\u0000');
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

/** Whether a form holds a NUL character in any field name, text value or file name. */
export function formContainsNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes('\u0000') || containsNul(value)) return true;
  }
  return false;
}

function refusal(status: 400 | 415, error: string): never {
  throw data({ error }, { status });
}

/** Whether the request says its body is a web form. */
export function isFormRequest(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/**
 * The form of a page action's request.
 * @throws a 415 response when the body is not a web form, 400 when it does not parse or holds
 *   a NUL character; each `{ error }` with a message from BODY_REFUSALS.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormRequest(request)) refusal(415, BODY_REFUSALS.formExpected);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refusal(400, BODY_REFUSALS.unreadable);
  }
  if (formContainsNul(form)) refusal(400, BODY_REFUSALS.nul);
  return form;
}

/**
 * The parsed JSON body of an API request, or a refusal to answer with.
 * @returns `{ ok: true, body }`, or `{ ok: false, status, error }`: 415 when the body is not
 *   JSON, 400 when it does not parse or holds a NUL character.
 */
async function readJsonBody(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; status: 400 | 415; error: string }> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { ok: false, status: 415, error: BODY_REFUSALS.jsonExpected };
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return { ok: false, status: 400, error: BODY_REFUSALS.unreadable };
  }
  if (containsNul(body)) return { ok: false, status: 400, error: BODY_REFUSALS.nul };
  return { ok: true, body };
}

/** A schema that parses unknown input (zod's `safeParse`). */
interface InputSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * An API request's JSON body parsed by `schema`.
 * @returns `{ ok: true, data }`, or `{ ok: false, status, error }` to answer with: 415 for a
 *   body that is not JSON, 400 for one that does not parse, holds a NUL character, or fails
 *   the schema (its first message).
 */
export async function parseJsonRequest<T>(
  request: Request,
  schema: InputSchema<T>,
): Promise<{ ok: true; data: T } | { ok: false; status: 400 | 415; error: string }> {
  const read = await readJsonBody(request);
  if (!read.ok) return read;
  const parsed = schema.safeParse(read.body);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      error: parsed.error.issues[0]?.message ?? 'The request is not valid',
    };
  }
  return { ok: true, data: parsed.data };
}

/** The files of a (possibly repeated) file field; an empty file input sends an empty file. */
export function formFiles(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((value): value is File => value instanceof File && value.size > 0);
}
