/**
 * The browser's own floor for a click, for scale beside bench/player-navigation.ts.
 *
 *   npx tsx bench/browser-floor.ts
 *
 * Opens a page with one button that changes one line of text in Debian's Chromium (same flags as
 * the navigation benchmark), turns on 4x CPU throttling through the DevTools protocol, clicks the
 * button 60 times (a plain press and release, 150 ms apart) and prints the median, p95 and max of
 * the clicks' Event Timing durations. Clicks under 16 ms are not reported by the browser; they
 * count as 16 ms here. BENCH_CPU_RATE changes the throttling.
 */
/// <reference lib="dom" />
import { chromium } from 'playwright';

const CLICKS = 60;
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const EVENT_THRESHOLD_MS = 16;

const PAGE = `<!doctype html><html><body>
<button id="next" style="padding:20px">Next</button><p id="text">Question 1</p>
<script>
  let n = 1;
  document.getElementById('next').addEventListener('click', () => {
    document.getElementById('text').textContent = 'Question ' + ++n;
  });
  window.durations = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'click') window.durations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: ${EVENT_THRESHOLD_MS}, buffered: true });
</script></body></html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(PAGE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const box = await page.locator('#next').boundingBox();
    if (!box) throw new Error('the button is not on screen');
    for (let i = 0; i < CLICKS; i++) {
      await page.waitForTimeout(150);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await page.waitForTimeout(300);
    const reported = await page.evaluate(() => (window as unknown as { durations: number[] }).durations);
    const all = [...reported, ...Array.from({ length: CLICKS - reported.length }, () => EVENT_THRESHOLD_MS)].sort((a, b) => a - b);
    const at = (q: number) => all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)]!;
    console.log(`Chromium ${browser.version()}, ${CPU_RATE}x CPU throttling via CDP, ${CLICKS} clicks (${CLICKS - reported.length} under ${EVENT_THRESHOLD_MS} ms)`);
    console.log(`Event Timing median / p95 / max: ${at(0.5)} / ${at(0.95)} / ${all[all.length - 1]} ms`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
