import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const page = process.argv[2] ?? '/';
const results = [];
for (let run = 0; run < 3; run++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  const p = await ctx.newPage();
  const errors = [];
  p.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p.addInitScript(() => { window.__lt = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true }); });
  await p.goto('http://127.0.0.1:3300' + page, { waitUntil: 'load' });
  await p.waitForTimeout(3000);
  const lt = await p.evaluate(() => window.__lt);
  const tbt = lt.reduce((a, d) => a + Math.max(0, d - 50), 0);
  results.push(`tasks ${JSON.stringify(lt)} tbt~${tbt}${errors.length ? ' ERR ' + errors.join(' | ').slice(0, 300) : ''}`);
  await ctx.close();
}
console.log(page, '\n' + results.join('\n'));
await b.close();
