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

const NAME_MISMATCH = 'label-content-name-mismatch';

/**
 * Runs axe-core (its default rules) on the page as it is now and returns one line per failing
 * violation, naming the state and the first few elements, so that one run reports every screen.
 */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  // Transitions settle first: a fading dialog or toast is measured at its final colours.
  await page.waitForTimeout(350);
  // Recharts measures label text in a span of its own, placed 20,000 px off the top of the page;
  // it holds no content of ours and is never seen.
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core and off unless named.
  const results = await new AxeBuilder({ page })
    .exclude('#recharts_measurement_span')
    .options({ rules: { [NAME_MISMATCH]: { enabled: true } } })
    .analyze();
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable].some((list) => list.some((rule) => rule.id === NAME_MISMATCH));
  expect(ran, `${NAME_MISMATCH} ran`).toBe(true);
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

/**
 * The demo data (apps/server/src/db/seed), which is user data, not interface text: people,
 * institutes, tests, courses and questions as the seed names them. Elsewhere the interface marks
 * user data with `data-user-content`.
 */
const DEMO_DATA: RegExp[] = [
  // People: the demo accounts and the seeded roster (FIRST_NAMES × LAST_NAMES).
  /\b(?:Priya|Raman|Arun|Kumar|Lakshmi|Iyer|Kavitha|Sundaram|Suresh|Babu|Revathi|Natarajan|Meena|Anita|Selvam|Bharath|Krishnan|Deepa|Murugan|Divya|Mohan|Madhu|Devi|Aarthi|Chitra|Dinesh|Eswari|Farhan|Gowri|Hari|Indhu|Jeeva|Kavya|Lokesh|Naveen|Oviya|Pranav|Sanjay|Tharani|Vignesh|Anand|Balaji|Chandran|Ganesan|Kannan|Raja|Subramanian|Nila|Selvan|Sundar)\b/g,
  /\b(?:Sunrise Academy|Kaveri Higher Secondary School|Sunrise|Academy)\b/g,
  // Tests and courses.
  /\bUnit Test \d+\b/g,
  /\bTwo-Shift Mock\b/g,
  /\bLive demo: Biology and Physics mock\b/g,
  /\bWritten answers: cells and energy\b/g,
  /\b(?:NEET Mock Test \d+|Weekly Test \d+|Live room check: two-minute test|Supervised tests|Practice set: writing, programming and office files|NEET Complete Preparation)\b/g,
  /Practice set: (?:assertion and reason|numerical values \(JEE Main\)|matching lists|putting stages in order)/g,
  /\b(?:Biology: The cell|Cell Biology|Current Electricity|Genetics|Human Reproduction|Kinematics|Molecular Basis of Inheritance|Photosynthesis|Presentations|Units and Measurement)\b/g,
  /\b(?:Biology|Botany|Chemistry|Physics|Zoology)\b/g,
  // Addresses and user names: the seeded accounts' (user data, whatever the language).
  /[\w.+-]+@[\w.-]+\b/g,
  /^[a-z0-9._-]+$/,
];

/** The seeded questions, shown whole or cut short in lists. */
const DEMO_QUESTIONS = [
  'A ball is thrown vertically upward with a speed of 20 m/s',
  'A body starts from rest and moves with a uniform acceleration',
  'Explain how the structure of a mitochondrion suits its role in the cell.',
  'Explain in at most five lines why the rate of photosynthesis falls',
  'Extend the presentation “Photosynthesis” to four slides',
  'In a monohybrid cross between two heterozygous tall pea plants',
  'The dimensional formula of Planck’s constant is',
  'The genetic material of the tobacco mosaic virus is',
  'The powerhouse of the cell is the',
  'Two resistors of 4 Ω and 12 Ω are connected in parallel.',
  'Which of these is not a part of the male reproductive system in humans?',
];

/**
 * Latin that stays Latin in Tamil: acronyms (OMR, PDF, CSV, BI; not AM and PM), file formats
 * spelt as their makers spell them (WebP), codes (C-75C92C) and key combinations as printed on the
 * keys (Ctrl + Enter).
 */
const LATIN_IN_TAMIL: RegExp[] = [/\b(?!AM\b|PM\b)[A-Z]{2,5}s?\b/g, /\bWebP\b/g, /\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, /\b(?:Ctrl|Alt|Shift)(?:\s*\+\s*\w+)+/g];

/**
 * In Tamil, the visible text of the page that is still English: every text node with a Latin word
 * of two letters or more, outside `data-user-content`, code and the demo data above.
 */
export async function englishInTamil(page: Page, state: string, allowed: RegExp[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !/[A-Za-z]{2}/.test(text)) continue;
      if (parent.closest('[data-user-content], script, style, code, pre, svg, [aria-hidden="true"], .cm-editor')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      out.push(text);
    }
    return out;
  });
  const patterns = [...DEMO_DATA, ...LATIN_IN_TAMIL, ...allowed];
  const found = texts.filter((text) => {
    if (DEMO_QUESTIONS.some((question) => text.startsWith(question) || (text.length >= 30 && question.startsWith(text.replace(/…$/, ''))))) return false;
    let rest = text;
    for (const pattern of patterns) rest = rest.replace(pattern, ' ');
    return /[A-Za-z]{2}/.test(rest);
  });
  const lines = [...new Set(found)].map((text) => `${state}: English in Tamil: ${JSON.stringify(text)}`);
  for (const line of lines) console.log(`tamil ${line}`);
  return lines;
}

/**
 * For the first few elements of each selector that hold Tamil text: the fonts Chromium draws that
 * Tamil with in the element's own font stack (CDP CSS.getPlatformFontsForNode). The probe is a
 * one-word span of the element's Tamil, put next to its text for the time of the call (the
 * element's text itself may wrap, and spaces and digits come from other fonts): only the shipped
 * Noto Sans Tamil may draw it.
 */
export async function tamilGlyphsNotInNotoSansTamil(page: Page, state: string, selectors: string[], required = true): Promise<string[]> {
  const probes = await page.evaluate((list) => {
    const out: { probe: string; text: string }[] = [];
    let next = 0;
    for (const selector of list) {
      let taken = 0;
      for (const root of Array.from(document.querySelectorAll(selector))) {
        if (taken >= 3) break;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const word = (node.textContent ?? '').match(/[\u0B80-\u0BFF\u200C\u200D]+/)?.[0];
          const parent = node.parentElement;
          if (!parent || !word || !parent.checkVisibility()) continue;
          const probe = `p${next++}`;
          const span = document.createElement('span');
          span.setAttribute('data-font-probe', probe);
          span.style.whiteSpace = 'nowrap';
          span.textContent = word;
          parent.appendChild(span);
          out.push({ probe, text: `${selector}: ${word}` });
          taken++;
          break;
        }
      }
      if (taken === 0) out.push({ probe: '', text: selector });
    }
    return out;
  }, selectors);
  // The probes are drawn (and any font face they need loaded) before their fonts are read.
  const drawn = () => page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  await drawn();
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument', { depth: 0 });
  const found: string[] = [];
  for (const { probe, text } of probes) {
    if (!probe) {
      if (required) found.push(`${state}: no Tamil text in ${text}`);
      continue;
    }
    const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-font-probe="${probe}"]` });
    const fontsOf = () => (nodeId ? session.send('CSS.getPlatformFontsForNode', { nodeId }).catch(() => null) : Promise.resolve(null));
    let answer = await fontsOf();
    // No fonts at all: the probe is not drawn yet on a busy machine (never a font that drew it); asked again after a few frames.
    for (let ask = 0; answer && answer.fonts.length === 0 && ask < 10; ask++) {
      await drawn();
      answer = await fontsOf();
    }
    // A screen that refreshes itself (the live room) may have replaced it: that one is not read.
    if (!answer) continue;
    const { fonts } = answer;
    // Each weight is a family of its own to Chromium: Noto Sans Tamil, Noto Sans Tamil Medium, …
    const isShipped = (family: string) => family.startsWith('Noto Sans Tamil');
    const tamil = fonts.find((font) => isShipped(font.familyName));
    const others = fonts.filter((font) => !isShipped(font.familyName)).reduce((sum, font) => sum + font.glyphCount, 0);
    if (!tamil || others > 0) {
      found.push(`${state}: ${JSON.stringify(text)} drawn in ${fonts.map((font) => `${font.familyName} (${font.glyphCount})`).join(', ')}`);
    }
  }
  await page.evaluate(() => document.querySelectorAll('[data-font-probe]').forEach((element) => element.remove()));
  await session.detach();
  for (const line of found) console.log(`font ${line}`);
  return found;
}

/**
 * Interface text cut short with "…": every visible element outside authored content whose text
 * overflows its box under `text-overflow: ellipsis` (a field's label, a button, a tab, a chip, a
 * table heading). Authored content (`data-user-content`) may be cut on purpose in lists.
 */
export async function cutLabels(page: Page, state: string): Promise<string[]> {
  const cut = await page.evaluate(() => {
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (element.closest('[data-user-content], [aria-hidden="true"], script, style, svg')) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || style.overflow === 'visible') continue;
      if (element.scrollWidth <= element.clientWidth + 1 || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = element.textContent?.trim();
      if (text) out.push(text);
    }
    return out;
  });
  const lines = [...new Set(cut)].map((text) => `${state}: cut with …: ${JSON.stringify(text)}`);
  for (const line of lines) console.log(`cut ${line}`);
  return lines;
}
