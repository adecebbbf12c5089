// `npm test`: typecheck, lint, unit and integration tests (Vitest), the production build, and
// the Playwright suite in Debian's Chromium (DESIGN.md "Runtime contract" 2).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Finds Chromium: $CHROME_PATH, then /usr/bin/chromium; installs Debian's package if allowed. */
function findChromium() {
  for (const candidate of [process.env.CHROME_PATH, '/usr/bin/chromium']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log('Chromium not found: installing Debian\'s "chromium" package with apt-get…');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    if (install && install.status === 0 && existsSync('/usr/bin/chromium'))
      return '/usr/bin/chromium';
  }
  console.error(
    'Chromium is needed for the end-to-end tests and was not found.\n' +
      'Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable.',
  );
  process.exit(1);
}

const chromium = findChromium();
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('unit and integration tests (Vitest)', 'npx', ['vitest', 'run']);
run('production build', 'npm', ['run', 'build']);
run('end-to-end tests (Playwright)', 'npx', ['playwright', 'test'], { CHROME_PATH: chromium });
console.log('\n✔ all checks passed');
