// The process entry: `npm start` (production build) and `npm run dev` (Vite dev server).
// Everything else lives in server/app.ts.
const dev = process.argv.includes('--dev');

async function main() {
  let vite;
  let mod;
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    mod = await vite.ssrLoadModule('/server/app.ts');
  } else {
    mod = await import('../build/server/index.js');
  }
  const server = await mod.start({ vite });
  let exiting = false;
  const shutdown = (signal) => {
    if (exiting) return;
    exiting = true;
    const force = setTimeout(() => {
      console.error(`still stopping 10 s after ${signal}; exiting`);
      process.exit(1);
    }, 10_000);
    force.unref();
    server
      .stop()
      .then(() => vite?.close())
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error?.name === 'EnvError' ? error.message : error);
  process.exit(1);
});
