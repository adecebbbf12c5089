// `npm start`: builds the app when no build exists yet, then starts the production server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('build/server/index.js')) {
  console.log('No build found: building the app first (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../server/main.js');
