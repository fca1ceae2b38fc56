import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  axeViolations,
  englishInTamil,
  tamilGlyphsNotInNotoSansTamil,
  useLanguage,
  VIEWPORTS,
  type Language,
} from '../../support/a11y';
import { CENTRAL, LAB_ADMIN, LAB_PASSWORD, signInAt, startCentreServer, tokenAt, type CentreServer } from '../../support/centre-server';
import { DEMO_PASSWORD, settled } from '../../support/login';

/*
 * The invigilator's dashboard on a real centre server (docs/centre.md §8): a second server process
 * in the centre role (its own embedded database, its own first administrator) is paired with the
 * e2e server as its central one for the demo school, stages the school's open weekly test, and its
 * administrator unlocks it from the central server by keyboard on the Exam Centre screen and opens
 * the dashboard. A rostered student signs in on the centre with the central password and starts
 * the test: the dashboard, which refreshes itself, shows them in. Then the dashboard at 1280×800
 * and 390×844 in English and Tamil: axe finds nothing serious, and in Tamil no English is left.
 */

const SCHOOL = 'Kaveri Higher Secondary School';
const EXAM = 'Weekly Test 1';

let centre: CentreServer | null = null;
let centreBase = '';

/** Signs in on the centre's own login page (any language). */
const signInAtCentre = (page: Page, username: string, password: string) => signInAt(page, centreBase, username, password);

test.describe.serial('the invigilator’s dashboard on a centre server', () => {
  let roomPath = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    centre = await startCentreServer();
    centreBase = centre.base;
  });

  test.afterAll(async () => {
    await centre?.stop();
  });

  test('the administrator unlocks the exam by keyboard and watches a rostered student come in', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    // Paired with the demo school, and staged: the school's weekly test is open now.
    const central = CENTRAL;
    const clientAdmin = await tokenAt(request, central, 'clientadmin', DEMO_PASSWORD);
    const list = await (
      await request.get(`${central}/api/centre/v1/list`, { headers: { authorization: `Bearer ${clientAdmin}` } })
    ).json();
    const school = (list.body.institutes as Array<{ id: number; name: string }>).find((i) => i.name === SCHOOL)!;
    const code = await (
      await request.post(`${central}/api/centre/v1/createPairingCode`, {
        headers: { authorization: `Bearer ${clientAdmin}` },
        data: { instituteId: school.id },
      })
    ).json();
    const labAdmin = { authorization: `Bearer ${await tokenAt(request, centreBase, LAB_ADMIN, LAB_PASSWORD)}` };
    const paired = await request.post(`${centreBase}/api/centre/v1/local/pair`, {
      headers: labAdmin,
      data: { code: code.body.code, name: `Lab ${Date.now() % 100_000}` },
    });
    expect(paired.ok(), await paired.text()).toBe(true);
    const staged = await request.post(`${centreBase}/api/centre/v1/local/stage`, { headers: labAdmin, data: {} });
    expect(staged.ok(), await staged.text()).toBe(true);

    // The Exam Centre screen: the weekly test, locked; unlocked from the central server by keyboard.
    await useLanguage(page, 'en');
    await signInAtCentre(page, LAB_ADMIN, LAB_PASSWORD);
    await page.goto(`${centreBase}/centre`);
    await settled(page);
    const card = page.getByRole('article', { name: new RegExp(EXAM) });
    await expect(card).toContainText('Locked');
    const unlock = card.getByRole('button', { name: 'Unlock from the central server' });
    await unlock.focus();
    await page.keyboard.press('Enter');
    await expect(card).toContainText('Unlocked at the start');
    await card.getByRole('link', { name: 'Invigilator’s dashboard' }).click();
    await expect(page).toHaveURL(/\/centre\/exams\/\d+$/);
    roomPath = new URL(page.url()).pathname;
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Invigilator’s dashboard', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Students of this exam' });
    const schoolStudent = table.getByRole('row', { name: /Arun Kumar/ });
    const stateChip = schoolStudent.locator('.MuiChip-label');
    await expect(stateChip).toHaveText('Not started');
    const running = page.locator('[data-count="countRunning"] dd');
    const before = Number(await running.textContent());

    // A rostered student signs in on the centre with the central password and starts the test.
    await startAsStudent(browser, 'schoolstudent');
    // The dashboard looks again by itself.
    await expect(stateChip).toHaveText('In', { timeout: 30_000 });
    await expect(running).toHaveText(String(before + 1));
    await expect(schoolStudent).toContainText('None');

    // Sync now: no attempt is closed yet, so nothing is sealed or sent.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('Sync done.')).toBeVisible();
    await expect(page.getByText(/^0 attempts sealed: 0 complete, 0 pending, 0 damaged, 0 refused\.$/)).toBeVisible();
  });

  for (const language of ['en', 'tn'] as const) {
    test(`the dashboard passes axe at 1280 and 390 px, ${language}`, async ({ page }) => {
      test.setTimeout(180_000);
      test.skip(!roomPath, 'the journey above did not reach the dashboard');
      await useLanguage(page, language as Language);
      await signInAtCentre(page, LAB_ADMIN, LAB_PASSWORD);
      const found: string[] = [];
      for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.goto(`${centreBase}${roomPath}`);
        await settled(page);
        await expect(page.getByRole('table')).toBeVisible();
        found.push(...(await axeViolations(page, `${roomPath} ${viewportName}`)));
        if (language === 'tn') {
          // The centre administrator's own name, as the bootstrap made it, is not interface text.
          found.push(...(await englishInTamil(page, `${roomPath} ${viewportName}`, [/\bAdministrator\b/g])));
          found.push(
            ...(await tamilGlyphsNotInNotoSansTamil(
              page,
              roomPath,
              ['main h1', 'main h2', 'main button', 'main th'],
              false,
            )),
          );
        }
      }
      expect(found).toEqual([]);
    });
  }
});

/** A rostered student on the centre: signs in with the central password, opens the weekly test and starts it. */
async function startAsStudent(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAtCentre(page, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/academy\/courses$/);
  // School students are greeted by their institute first.
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('link', { name: /NEET Complete Preparation/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/academy\/courses\/topic\/\d+$/);
  await page.getByRole('link', { name: /Mock tests/ }).click();
  const row = page.locator('li', { hasText: EXAM });
  await row.getByRole('link', { name: /Start|Resume/ }).click();
  await expect(page).toHaveURL(/\/instruction\/(practice|test)\/\d+\/\d+$/);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByTestId('question')).toBeVisible();
  await context.close();
}
