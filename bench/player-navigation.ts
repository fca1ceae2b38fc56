/**
 * The exam player in Chromium: moving between the questions of a 180-question graded test.
 *
 *   npm run build -w apps/web && npx tsx bench/player-navigation.ts
 *
 * Starts the real server in this process on a fresh embedded database (PGlite in a new temporary
 * data folder, demo data seeded as on a normal start, port 8193 or BENCH_PORT), adds a NEET-like
 * test of 3 sections × 60 single-choice questions (questionSwitch 1, section navigation allowed),
 * signs in as the demo student in Debian's Chromium, opens the player, then turns on 4× CPU
 * throttling through the DevTools protocol (Emulation.setCPUThrottlingRate).
 *
 * Each move (Next, Previous, an entry of the question palette, a section tab) is a real click sent
 * by Playwright, pressed after the pointer has rested on the target for 120 ms (BENCH_CLICK=instant:
 * moved and pressed at once); every question is answered before moving on, so the palette changes as well.
 * The walk runs at 1280 × 800, where the palette is docked beside the question; the last section
 * then adds 16 jumps at 800 px wide, where the palette is a modal drawer that a jump closes
 * ("drawer").
 * Latency per move, measured inside the page:
 *  - Event Timing (primary): the duration of the click's interaction, i.e. from the input event to
 *    the next frame painted after its handlers ran (entries under 16 ms are not reported by the
 *    browser; such a move counts as 16 ms, an upper bound);
 *  - frame (cross-check): from the click's timestamp to the end of the first animation frame that
 *    shows the new question (requestAnimationFrame after the DOM changed, then one task later).
 * Target (issue): moving between questions under 50 ms; met when the p95 of every kind of move is
 * below 50 ms. Median, p95 and max are printed per kind. Exit code 0 on PASS.
 *
 * BENCH_WEB_DIST points the server at another build of the web app; BENCH_CPU_RATE changes the
 * throttling (default 4); BENCH_TRACE=<file> writes a DevTools trace of the moves and
 * BENCH_CPU_PROFILE=<file> a CPU profile of the page (.cpuprofile, for DevTools); BENCH_SECTIONS=1
 * walks one section only (for profiling). The output starts with a machine reference (a fixed
 * script timed in the page before throttling), so that runs on different machines can be compared.
 */
/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright';

const PORT = Number(process.env.BENCH_PORT ?? 8193);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const TARGET_MS = 50;
const SECTIONS = ['Physics', 'Chemistry', 'Biology'];
const PER_SECTION = 60;
/** Event Timing reports only interactions of at least this duration (the API's minimum). */
const EVENT_THRESHOLD_MS = 16;
/** How long the pointer rests on a target before the press (BENCH_CLICK=instant: not at all). */
const INSTANT_CLICK = process.env.BENCH_CLICK === 'instant';
const HOVER_MS = 120;

type MoveKind = 'next' | 'previous' | 'palette' | 'section tab' | 'drawer';
/** A narrow screen (a tablet held upright), where the palette is a modal drawer. */
const NARROW_VIEWPORT = { width: 800, height: 1000 };
const PALETTE_TARGETS = [45, 12, 58, 33, 50, 3, 40, 25];

interface Move {
  kind: MoveKind;
  eventMs: number;
  eventReported: boolean;
  frameMs: number;
  /** Where the interaction's time went (Event Timing): before the first handler, in handlers, after them until the frame. */
  inputDelayMs: number;
  handlersMs: number;
  presentationMs: number;
}

async function seedTest(): Promise<{
  app: Awaited<ReturnType<typeof import('../apps/server/src/app.js').buildApp>>;
  close: () => Promise<void>;
  courseId: number;
  taskId: number;
}> {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { createDeps } = await import('../apps/server/src/bootstrap.js');
  const { readConfig } = await import('../apps/server/src/config/env.js');
  const { seedDemoData } = await import('../apps/server/src/db/seed/index.js');
  const schema = await import('../apps/server/src/db/schema/index.js');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-bench-player-'));
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (process.env.BENCH_WEB_DIST) env.WEB_DIST_DIR = path.resolve(process.env.BENCH_WEB_DIST);
  const config = readConfig(env);
  const deps = await createDeps(config);
  const app = await buildApp(deps);
  await seedDemoData(deps);

  const db = deps.db;
  const [course] = await db.insert(schema.courses).values({ name: 'Bench NEET course' }).returning();
  const [topic] = await db.insert(schema.topics).values({ courseId: course!.id, name: 'Bench full tests' }).returning();
  const [task] = await db
    .insert(schema.tasks)
    .values({
      courseId: course!.id,
      topicId: topic!.id,
      name: 'Bench NEET mock test (180 questions)',
      kind: 'test',
      testType: 'test',
      durationMinutes: 200,
      questionSwitch: 1,
      isSectionNavigationAllowed: true,
    })
    .returning();
  for (const [sectionIndex, name] of SECTIONS.entries()) {
    const [section] = await db.insert(schema.taskSections).values({ taskId: task!.id, sectionIndex, name }).returning();
    const questions = await db
      .insert(schema.questions)
      .values(
        Array.from({ length: PER_SECTION }, (_, i) => ({
          questionType: 'singleChoice',
          data: `${name} question ${i + 1}: which of the following statements about the system described is correct? Consider each option carefully before answering.`,
          options: [1, 2, 3, 4].map((n) => ({ answerID: n, answerData: `${name} ${i + 1}, option ${n}: a statement of moderate length` })),
          correctAnswerId: 1 + (i % 4),
          marks: 4,
          negativeMarks: 1,
        })),
      )
      .returning();
    await db.insert(schema.taskQuestions).values(questions.map((q, i) => ({ taskId: task!.id, sectionId: section!.id, questionId: q.id, sortOrder: i })));
  }

  await app.listen({ host: '127.0.0.1', port: PORT });
  return {
    app,
    courseId: course!.id,
    taskId: task!.id,
    close: async () => {
      await app.close();
      await deps.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Installed in the page before any script: keeps every Event Timing entry of 16 ms or more. */
function installObserver(threshold: number): void {
  const w = window as unknown as {
    __eventEntries: { name: string; interactionId: number; startTime: number; duration: number; processingStart: number; processingEnd: number }[];
  };
  w.__eventEntries = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        w.__eventEntries.push({
          name: e.name,
          interactionId: e.interactionId,
          startTime: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
        });
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  } catch {
    // Event Timing unavailable: only the frame measure remains.
  }
}

/**
 * Arms the page for one click: records the click's timestamp (capture phase, before React) and,
 * once the question on screen differs from `fromId`, the end of the next animation frame.
 */
async function arm(page: Page, fromId: string): Promise<void> {
  await page.evaluate((from) => {
    const w = window as unknown as { __move: { clickAt: number; paintedAt: number; markAt: number } };
    const move = { clickAt: -1, paintedAt: -1, markAt: performance.now() };
    w.__move = move;
    document.addEventListener('click', (event) => (move.clickAt = event.timeStamp), { capture: true, once: true });
    const current = () => document.querySelector('[data-testid="question"]')?.getAttribute('data-question-id') ?? '';
    const observer = new MutationObserver(() => {
      if (current() === from) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        // The frame is produced right after the rAF callbacks; a message posted here runs after it.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (move.paintedAt = performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-question-id'] });
  }, fromId);
}

/** Waits for the armed move to be painted, then reads both measures. */
async function collect(page: Page, kind: MoveKind): Promise<Move> {
  await page.waitForFunction(() => (window as unknown as { __move: { paintedAt: number } }).__move.paintedAt > 0, undefined, { timeout: 10_000, polling: 20 });
  // Event Timing entries are delivered after the frame is presented; give them a moment.
  await page.waitForTimeout(60);
  return page.evaluate(
    ({ kind, threshold }) => {
      const w = window as unknown as {
        __move: { clickAt: number; paintedAt: number; markAt: number };
        __eventEntries: { name: string; interactionId: number; startTime: number; duration: number; processingStart: number; processingEnd: number }[];
      };
      const { clickAt, paintedAt, markAt } = w.__move;
      const entries = w.__eventEntries.filter((e) => e.startTime >= markAt && e.interactionId > 0 && ['pointerdown', 'pointerup', 'click'].includes(e.name));
      const clickEntry = entries.find((e) => e.name === 'click');
      const interaction = clickEntry ? entries.filter((e) => e.interactionId === clickEntry.interactionId) : [];
      const eventMs = interaction.length > 0 ? Math.max(...interaction.map((e) => e.duration)) : threshold;
      // The interaction's events in order (pointerdown … click): from the first input to the
      // first handler, the handlers themselves (with the gaps between the events), and the rest.
      let inputDelayMs = 0;
      let handlersMs = 0;
      let presentationMs = 0;
      if (interaction.length > 0) {
        const start = Math.min(...interaction.map((e) => e.startTime));
        const firstHandler = Math.min(...interaction.map((e) => e.processingStart));
        const lastHandler = Math.max(...interaction.map((e) => e.processingEnd));
        inputDelayMs = firstHandler - start;
        handlersMs = lastHandler - firstHandler;
        presentationMs = Math.max(0, start + eventMs - lastHandler);
      }
      return { kind, eventMs, eventReported: interaction.length > 0, frameMs: paintedAt - clickAt, inputDelayMs, handlersMs, presentationMs };
    },
    { kind, threshold: EVENT_THRESHOLD_MS },
  );
}

async function questionId(page: Page): Promise<string> {
  return (await page.getByTestId('question').getAttribute('data-question-id')) ?? '';
}

async function answerCurrent(page: Page, option: number): Promise<void> {
  const radio = page.getByTestId('question').getByRole('radio').nth(option);
  await radio.check();
}

/**
 * One measured move: the pointer comes to rest on the target, then a plain press and release at its
 * centre, sent as browser input. A hand reaches the button well before it presses; Playwright's
 * mouse.click() moves and presses in the same instant, so the hover changes (leaving the answer
 * just chosen, entering the button) would land in the timed click's input delay. BENCH_CLICK=instant
 * measures that way instead (the method of the earlier rounds). Playwright's locator.click() would
 * also run its own checks in the page inside the very event being timed, so it only reaches the target.
 */
async function measureMove(page: Page, kind: MoveKind, target: Locator): Promise<Move> {
  await target.scrollIntoViewIfNeeded();
  // Wait until the target stands still (the palette's drawer slides in).
  let box = await target.boundingBox();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(50);
    const again = await target.boundingBox();
    if (box && again && again.x === box.x && again.y === box.y) break;
    box = again;
  }
  if (!box) throw new Error(`${kind}: the target is not on screen`);
  const from = await questionId(page);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (INSTANT_CLICK) {
    await arm(page, from);
    await page.mouse.click(x, y);
  } else {
    await page.mouse.move(x, y);
    await page.waitForTimeout(HOVER_MS);
    await arm(page, from);
    await page.mouse.down();
    await page.mouse.up();
  }
  return collect(page, kind);
}

/**
 * The machine's speed, for comparing runs made on different machines or hours: a fixed script
 * (arithmetic, strings, arrays and objects, no DOM) timed in the page before throttling is turned
 * on; median of five runs, in milliseconds.
 */
async function machineReference(page: Page): Promise<number> {
  return page.evaluate(() => {
    const once = () => {
      const started = performance.now();
      let checksum = 0;
      for (let round = 0; round < 1000; round++) {
        const rows = Array.from({ length: 500 }, (_, i) => ({ id: i, label: `row ${i} of ${round}`, value: Math.sqrt(i * round + 1) }));
        rows.sort((a, b) => b.value - a.value);
        checksum += rows.reduce((sum, row) => sum + row.label.length + Math.floor(row.value), 0);
      }
      if (checksum < 0) throw new Error('unreachable');
      return performance.now() - started;
    };
    const times = Array.from({ length: 5 }, once).sort((a, b) => a - b);
    return times[2]!;
  });
}

function stats(values: number[]): { median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const server = await seedTest();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  let failed = true;
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // tsx keeps function names with a `__name` helper that functions sent to the page refer to.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.addInitScript(installObserver, EVENT_THRESHOLD_MS);

    await page.goto('/login');
    await page.getByLabel('Email / Username / Phone').fill('student');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/academy\/courses$/);
    await page.goto(`/instruction/test/${server.courseId}/${server.taskId}`);
    await page.getByRole('button', { name: 'Start test' }).click();
    await page.waitForURL(/\/test\/test\/\d+\/\d+$/);
    await page.getByTestId('question').waitFor();
    // A test longer than 30 minutes first asks to keep the computer awake.
    const notice = page.getByRole('dialog', { name: 'Change System Settings' });
    await notice.getByRole('button', { name: 'Close' }).click();
    await notice.waitFor({ state: 'detached' });

    const referenceMs = await machineReference(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const tracePath = process.env.BENCH_TRACE;
    if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false });
    const profilePath = process.env.BENCH_CPU_PROFILE;
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }

    const moves: Move[] = [];
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const previous = page.getByRole('button', { name: 'Previous', exact: true });
    const openPalette = page.getByRole('button', { name: 'Question palette' });
    let answered = 0;
    const answer = async () => {
      await answerCurrent(page, answered % 4);
      answered++;
    };

    const measuredSections = Math.min(SECTIONS.length, Number(process.env.BENCH_SECTIONS ?? SECTIONS.length));
    for (let s = 0; s < measuredSections; s++) {
      // Per section: answer and Next through 30 questions, Previous ×8, palette jumps ×8; the
      // last Next of a section moves into the following one through its tab.
      for (let i = 0; i < 30; i++) {
        await answer();
        moves.push(await measureMove(page, 'next', next));
      }
      for (let i = 0; i < 8; i++) moves.push(await measureMove(page, 'previous', previous));
      // Docked beside the question (the menu button then says whether it is shown).
      if ((await openPalette.getAttribute('aria-expanded')) !== 'true') throw new Error('the palette is not docked at 1280 px');
      for (const target of PALETTE_TARGETS) {
        moves.push(await measureMove(page, 'palette', page.getByTestId(`palette-${target}`)));
        await answer();
      }
      if (s + 1 < measuredSections) moves.push(await measureMove(page, 'section tab', page.getByTestId(`section-tab-${s + 1}`)));
    }
    // A narrow screen: the menu button opens a modal drawer, and a jump closes it.
    await page.setViewportSize(NARROW_VIEWPORT);
    await page.waitForTimeout(500);
    for (const target of [...PALETTE_TARGETS, ...PALETTE_TARGETS.map((n) => PER_SECTION + 1 - n)]) {
      await openPalette.click();
      const entry = page.getByTestId(`palette-${target}`);
      await entry.waitFor();
      moves.push(await measureMove(page, 'drawer', entry));
      await entry.waitFor({ state: 'hidden' });
      await answer();
    }
    if (tracePath) await browser.stopTracing();
    if (profilePath) fs.writeFileSync(profilePath, JSON.stringify((await cdp.send('Profiler.stop')).profile));

    const chromiumVersion = browser.version();
    console.log(
      `Chromium ${chromiumVersion}, ${CPU_RATE}x CPU throttling via CDP, ${SECTIONS.length * PER_SECTION} questions, ${moves.length} moves, ${answered} answers, ${INSTANT_CLICK ? 'instant clicks' : `pointer at rest ${HOVER_MS} ms before each press`}`,
    );
    console.log(`machine reference: ${referenceMs.toFixed(0)} ms (a fixed script timed in the page before throttling, median of 5)`);
    console.log(
      'kind          moves  Event Timing median / p95 / max (ms)   frame median / p95 / max (ms)   under 16 ms   median input delay / handlers / to frame (ms)',
    );
    let pass = true;
    const kinds: MoveKind[] = ['next', 'previous', 'palette', 'drawer', 'section tab'];
    for (const kind of [...kinds, 'all' as const]) {
      const of = moves.filter((m) => kind === 'all' || m.kind === kind);
      if (of.length === 0) continue;
      const event = stats(of.map((m) => m.eventMs));
      const frame = stats(of.map((m) => m.frameMs));
      const unreported = of.filter((m) => !m.eventReported).length;
      // Two section-tab moves are too few for a p95; they are shown but not judged.
      if (kind !== 'section tab' && kind !== 'all' && event.p95 >= TARGET_MS) pass = false;
      const f = (v: number) => v.toFixed(0).padStart(4);
      const reported = of.filter((m) => m.eventReported);
      const part = (pick: (m: Move) => number) => f(stats(reported.map(pick)).median);
      console.log(
        `${kind.padEnd(13)} ${String(of.length).padStart(5)}  ${f(event.median)} / ${f(event.p95)} / ${f(event.max)}                  ${f(frame.median)} / ${f(frame.p95)} / ${f(frame.max)}             ${String(unreported).padStart(3)}          ${part((m) => m.inputDelayMs)} / ${part((m) => m.handlersMs)} / ${part((m) => m.presentationMs)}`,
      );
    }
    console.log(`total time ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    console.log(
      pass
        ? `RESULT: PASS (p95 of Event Timing under ${TARGET_MS} ms for Next, Previous, the docked palette and the drawer)`
        : `RESULT: FAIL (a p95 of Event Timing is ${TARGET_MS} ms or more; target: under ${TARGET_MS} ms)`,
    );
    failed = !pass;
    await context.close();
  } catch (error) {
    const page = browser.contexts()[0]?.pages()[0];
    if (page && process.env.BENCH_FAIL_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_FAIL_SCREENSHOT }).catch(() => undefined);
    if (page) console.error(`failed on ${page.url()}`);
    throw error;
  } finally {
    await browser.close();
    await server.close();
    process.exitCode = failed ? 1 : 0;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
