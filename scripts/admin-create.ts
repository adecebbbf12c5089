// `npm run admin:create -- --email E --password P [--name N]`: creates a verified
// administrator or promotes an existing account (DESIGN.md "Runtime contract" 5).
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

const usage = 'Usage: npm run admin:create -- --email E --password P [--name N]';

let args: { email?: string; password?: string; name?: string };
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
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
  });
  const messages = {
    created: `Created the administrator ${result.email} (${result.name}), e-mail verified. Sign in at /login.`,
    promoted: `Promoted the existing account ${result.email} (${result.name}) to administrator and marked its e-mail verified. Its password was not changed.`,
    'already-admin': `${result.email} is already a verified administrator; nothing changed.`,
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
