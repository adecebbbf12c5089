// `npm run admin:create -- --email E --password P [--name N] [--role owner|counter|workshop]`:
// creates a verified member of staff (the owner by default) or gives an existing account that
// role (DESIGN.md "Runtime contract" 5; issue 31 item 2, decision 034: the owner is stored as
// 'admin').
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AdminInputError, createOrPromoteAdmin } from '~/features/account/admin-account.server';
import { defaultSiteSettings } from '~/features/site/settings';
import { createAuth, loadAuthSecret } from '~/lib/auth.server';
import { getEnv } from '~/lib/env.server';
import { createLogger } from '~/lib/logger.server';
import { createMailer } from '~/lib/mail.server';
import { openConfiguredDatabase } from './open-database';
import { accountAuthRules } from '~/features/account/auth-rules';
import { ROLE_LABELS } from '~/lib/account-roles';

const usage =
  'Usage: npm run admin:create -- --email E --password P [--name N] [--role owner|counter|workshop]';

/** The flag's words and the roles they give ('owner' is stored as 'admin'). */
const ROLE_FLAGS = { owner: 'admin', counter: 'counter', workshop: 'workshop' } as const;

let args: { email?: string; password?: string; name?: string; role?: string };
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'owner' },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!args.email || !args.password) {
  console.error(`Both --email and --password are needed.\n${usage}`);
  process.exit(2);
}
const roleFlag = (args.role ?? 'owner').toLowerCase();
if (!Object.hasOwn(ROLE_FLAGS, roleFlag)) {
  console.error(`--role must be owner, counter or workshop (not "${args.role}").\n${usage}`);
  process.exit(2);
}
const role = ROLE_FLAGS[roleFlag as keyof typeof ROLE_FLAGS];

const env = getEnv();
const database = await openConfiguredDatabase();
try {
  const auth = createAuth({
    db: database.db,
    account: accountAuthRules,
    env,
    secret: (await loadAuthSecret(env)).secret,
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, 'outbox'),
      log: createLogger('warn'),
    }),
    shopName: async () => defaultSiteSettings.shopName,
  });
  const result = await createOrPromoteAdmin(auth, database.db, {
    email: args.email,
    password: args.password,
    name: args.name,
    role,
  });
  const what =
    role === 'admin' ? 'administrator' : `${ROLE_LABELS[role].toLowerCase()} staff member`;
  const messages = {
    created: `Created the ${what} ${result.email} (${result.name}), e-mail verified. Sign in at /login.`,
    promoted: `Made the existing account ${result.email} (${result.name}) ${role === 'admin' ? 'an administrator' : `a ${what}`} (${ROLE_LABELS[result.previousRole ?? 'user']} before) and marked its e-mail verified. Its password was not changed.`,
    'already-admin': `${result.email} is already a verified ${what}; nothing changed.`,
  };
  console.log(messages[result.action]);
} catch (error) {
  if (error instanceof AdminInputError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
