/**
 * How every back-office action runs (issue "Back office": role-checked on the server in every
 * action, bad input answered with a clear message and a 4xx, nothing half-changed):
 *
 * 1. the role: a visitor gets 401, a signed-in shopper 403, before the form is read;
 * 2. the form's `intent` picks the handler; an unknown intent is 400; the intent's permission
 *    (the route's per-intent map, issue 31 item 2) is checked against the staff member's role,
 *    and a role without it gets 403 before the form's fields are parsed;
 * 3. the handler's zod schema parses the form's fields; a refusal is 422 with a message per
 *    field;
 * 4. the handler runs (in its own transaction, recording the audit entry); an
 *    {@link Refusal} becomes its message, with the status `refusalStatus` gives its code.
 *
 * Loaders use `requirePermission` (a redirect to /login, or a 403 for staff), which suits a
 * page visit.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import type * as z from 'zod';
import {
  getSessionUser,
  mayDo,
  type SessionUser,
  type StaffUser,
} from '~/features/account/session.server';
import type { Permission } from '~/lib/access-control.server';
import { isStaffRole } from '~/lib/account-roles';
import { BODY_REFUSALS, formContainsNul, isFormRequest } from '~/lib/request-body.server';
import { Refusal, refusalStatus } from '~/lib/refusal';

/** What the back office answers refused callers (SPEC.md has no text for these). */
const ADMIN_REFUSALS = {
  signedOut: 'Please sign in as an administrator to do this.',
  notAdmin: 'Only administrators can do this.',
  notPermitted: 'Your role does not allow this. Please ask the owner.',
  unknownIntent: 'This action is not known.',
  invalid: 'Please correct the highlighted fields.',
} as const;

/** What an admin action answers (its status is on the response). */
export interface AdminOutcome {
  ok: boolean;
  intent: string;
  /** For the toast: what was done, or why not. */
  message: string;
  fieldErrors?: Record<string, string>;
  /** The id of a created record, for the screen to select it. */
  id?: number | string;
}

/**
 * What a handler resolves to: the toast's message, or that with the id of a created record, or
 * with `redirectTo`, a path in this site the server built, where the browser goes next (the
 * form the action was a step towards; the toast is then not shown).
 */
type HandlerResult = string | { message: string; id?: number | string; redirectTo?: string };

/** One intent of an action: its input schema and what it does (resolving to a toast message). */
export interface AdminHandler<Input> {
  schema: z.ZodType<Input, unknown>;
  run(input: Input, admin: SessionUser, form: FormData): Promise<HandlerResult>;
}

/** Any handler, whatever its input (the map `runAdminAction` takes). */
export interface AnyAdminHandler {
  schema: z.ZodType<unknown, unknown>;
  run(input: never, admin: SessionUser, form: FormData): Promise<HandlerResult>;
}

/** Declares a handler with its input type inferred from the schema. */
export function adminHandler<Schema extends z.ZodType>(
  schema: Schema,
  run: AdminHandler<z.output<Schema>>['run'],
): AdminHandler<z.output<Schema>> {
  return { schema: schema as z.ZodType<z.output<Schema>, unknown>, run };
}

/**
 * The member of staff behind an action.
 * @throws a 401 response for a visitor and a 403 response for a shopper.
 */
async function requireStaffForAction(
  request: Request,
  context: AppLoadContext,
): Promise<StaffUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    throw data<AdminOutcome>(
      { ok: false, intent: '', message: ADMIN_REFUSALS.signedOut },
      { status: 401 },
    );
  }
  if (!isStaffRole(user.role)) {
    throw data<AdminOutcome>(
      { ok: false, intent: '', message: ADMIN_REFUSALS.notAdmin },
      { status: 403 },
    );
  }
  return user as StaffUser;
}

/** What each intent of an action needs of the role (issue 31 item 2): one entry per handler. */
export type IntentPermissions<Handlers extends Record<string, AnyAdminHandler>> = {
  readonly [Intent in keyof Handlers]: Permission;
};

/** A form's text fields as a plain object; repeated names become arrays; files are left out. */
function formObject(form: FormData): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((value): value is string => typeof value === 'string');
    if (values.length === 1) object[name] = values[0]!;
    else if (values.length > 1) object[name] = values;
  }
  return object;
}

/**
 * Runs one admin action by the form's `intent` (see the module comment for the steps), each
 * intent guarded by its entry of `permissions`. `form` may be given when the caller has
 * already read it (multipart uploads).
 */
export async function runAdminAction<Handlers extends Record<string, AnyAdminHandler>>(
  request: Request,
  context: AppLoadContext,
  handlers: Handlers,
  permissions: IntentPermissions<Handlers>,
  form?: FormData,
) {
  const admin = await requireStaffForAction(request, context);
  let body: FormData;
  if (form) {
    body = form;
  } else {
    if (!isFormRequest(request)) {
      return data<AdminOutcome>(
        { ok: false, intent: '', message: BODY_REFUSALS.formExpected },
        { status: 415 },
      );
    }
    try {
      body = await request.formData();
    } catch {
      return data<AdminOutcome>(
        { ok: false, intent: '', message: 'The form could not be read.' },
        { status: 400 },
      );
    }
  }
  if (formContainsNul(body)) {
    return data<AdminOutcome>(
      { ok: false, intent: '', message: BODY_REFUSALS.nul },
      { status: 400 },
    );
  }
  const intent = typeof body.get('intent') === 'string' ? (body.get('intent') as string) : '';
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  const permission = Object.hasOwn(permissions, intent)
    ? (permissions as Record<string, Permission>)[intent]
    : undefined;
  if (!handler || !permission) {
    return data<AdminOutcome>(
      { ok: false, intent, message: ADMIN_REFUSALS.unknownIntent },
      { status: 400 },
    );
  }
  if (!mayDo(admin, permission)) {
    return data<AdminOutcome>(
      { ok: false, intent, message: ADMIN_REFUSALS.notPermitted },
      { status: 403 },
    );
  }
  const parsed = (handler.schema as z.ZodType).safeParse(formObject(body));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    const first = Object.values(fieldErrors)[0];
    return data<AdminOutcome>(
      { ok: false, intent, message: first ?? ADMIN_REFUSALS.invalid, fieldErrors },
      { status: 422 },
    );
  }
  try {
    const result = await (handler as AdminHandler<unknown>).run(parsed.data, admin, body);
    if (typeof result === 'string')
      return data<AdminOutcome>({ ok: true, intent, message: result });
    const { redirectTo, ...outcome } = result;
    if (redirectTo !== undefined && redirectTo.startsWith('/') && !redirectTo.startsWith('//')) {
      throw redirect(redirectTo);
    }
    return data<AdminOutcome>({ ok: true, intent, ...outcome });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return data<AdminOutcome>(
      {
        ok: false,
        intent,
        message: error.message,
        fieldErrors: error.field ? { [error.field]: error.message } : undefined,
      },
      { status: refusalStatus(error.code) },
    );
  }
}

/** React Router's `data()` result, read without its (unexported) class. */
function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  );
}

/**
 * {@link runAdminAction} for a resource route that a script calls (the media screen's uploads,
 * sent with XMLHttpRequest for their progress): the outcome, refusals included, as a JSON
 * response with its status.
 */
export async function runAdminJsonAction<Handlers extends Record<string, AnyAdminHandler>>(
  request: Request,
  context: AppLoadContext,
  handlers: Handlers,
  permissions: IntentPermissions<Handlers>,
): Promise<Response> {
  let result: unknown;
  try {
    result = await runAdminAction(request, context, handlers, permissions);
  } catch (error) {
    if (!isDataWithInit(error)) throw error;
    result = error;
  }
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}
