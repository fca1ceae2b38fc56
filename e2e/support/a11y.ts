import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailCount, waitForCode } from './outbox';

export type Language = 'en' | 'tn';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Serious and critical violations fail; so do these moderate ones, which the app fixed once. */
const ALSO_FAILING = new Set(['region', 'landmark-one-main', 'heading-order', 'page-has-heading-one']);

/**
 * Runs axe-core (its default rules) on the page as it is now and returns one line per failing
 * violation, naming the state and the first few elements, so that one run reports every screen.
 */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  // Transitions settle first: a fading dialog or toast is measured at its final colours.
  await page.waitForTimeout(350);
  // Recharts measures label text in a span of its own, placed 20,000 px off the top of the page;
  // it holds no content of ours and is never seen.
  const results = await new AxeBuilder({ page }).exclude('#recharts_measurement_span').analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || ALSO_FAILING.has(violation.id))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.split('\n').slice(1, 2).join('').trim()}]` : ''}`)
        .join(' | ');
      return `${state}: ${violation.id} (${violation.impact}, ${violation.nodes.length}) ${nodes}`;
    });
  // On a phone, nothing may be wider than the screen, at 390 px and at 320 px. Measured once the
  // layout has settled: charts follow a resize a few frames later (ResizeObserver).
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 600) {
    for (const width of [viewport.width, 320]) {
      await page.setViewportSize({ width, height: viewport.height });
      const overflow = await settledOverflow(page);
      if (overflow > 0) found.push(`${state}: overflow at ${width} px (the page is ${overflow} px wider than the screen)`);
    }
    await page.setViewportSize(viewport);
  }
  // Printed as it goes, so that a run cut short still shows what it found.
  for (const line of found) console.log(`axe ${line}`);
  return found;
}

/** How much wider than the window the page is, after up to 2 s for a resize to settle. */
async function settledOverflow(page: Page): Promise<number> {
  const overflowOf = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (let waited = 0; waited < 2000; waited += 100) {
    if ((await overflowOf()) <= 0) return 0;
    await page.waitForTimeout(100);
  }
  return overflowOf();
}

/** Every page load of this page starts in `language` (the app keeps the choice in localStorage). */
export async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('language', value);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
}

export const STUDENT_PASSWORD = 'a11y-pass-1';

/**
 * A new student account through the signup calls (code from the outbox), so that starting and
 * submitting tests here leaves the demo student's attempts to the other specs.
 */
export async function createStudent(request: APIRequestContext, tag: string): Promise<string> {
  const email = `a11y.${tag}.${Date.now()}@example.com`;
  const before = mailCount(email);
  const sent = await request.post('/api/user/v1/sendMailforOtp', { data: { Email: email } });
  expect(sent.ok()).toBe(true);
  const { sessionId } = (await sent.json()).body as { sessionId: string };
  const otp = await waitForCode(email, before);
  const created = await request.post('/api/user/v1/CreateStudent', {
    data: {
      Name: 'Nila Selvan',
      Email: email,
      DOB: '01-05-2008',
      Mobile: `9${String(Date.now()).slice(-9)}`,
      CampusName: 'Coimbatore Campus',
      DepartmentName: 'Life Sciences',
      DegreeName: 'B.Sc. Zoology',
      YearOfPassing: 2026,
      password: STUDENT_PASSWORD,
      otp,
      sessionId,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return email;
}
