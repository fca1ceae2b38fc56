import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ProbeDeps } from '../model/pre-exam-checks';
import { PreExamCheckScreen } from './pre-exam-check-screen';

/** A lab machine whose clock runs `ahead` ms ahead of the server's, and whose server answers after 20 ms (or not at all). */
function machine({ ahead = 0, answers = true, width = 1366 } = {}): ProbeDeps & { asked: () => number } {
  let now = Date.UTC(2026, 5, 1, 4, 0, 0);
  let asked = 0;
  return {
    asked: () => asked,
    now: () => now,
    elapsed: () => now,
    askServer: async () => {
      asked += 1;
      if (!answers) throw new Error('unreachable');
      const serverNow = new Date(now + 10 - ahead).toISOString();
      now += 20;
      return { role: 'centre', serverNow };
    },
    browser: () => ({ name: 'Chrome', version: 131, missingFeatures: [] }),
    screen: () => ({ width, height: 800 }),
    storage: async () => ({ localStorage: true, indexedDb: true, freeBytes: 200 * 1024 * 1024 }),
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PreExamCheckScreen', { timeout: 60_000 }, () => {
  it('says the machine is ready when every check passes, and checks again on demand', async () => {
    const probes = machine();
    const user = userEvent.setup();
    renderWithProviders(<PreExamCheckScreen probes={probes} />);
    expect(await screen.findByText('This computer is ready for the exam.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Results of the pre-exam check' });
    expect(within(table).getByRole('row', { name: /Browser/ })).toHaveTextContent('PassChrome 131: supported.');
    expect(within(table).getByRole('row', { name: /Screen size/ })).toHaveTextContent('1366 × 800: large enough.');
    expect(within(table).getByRole('row', { name: /Exam server/ })).toHaveTextContent(
      'The exam server answers in 20 ms.',
    );
    expect(probes.asked()).toBe(5);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('This computer is ready for the exam.')).toBeInTheDocument();
    expect(probes.asked()).toBe(10);
  });

  it('fails a machine that cannot reach the server, and warns of a small screen', async () => {
    renderWithProviders(<PreExamCheckScreen probes={machine({ answers: false, width: 1024 })} />);
    expect(
      await screen.findByText('This computer is not ready: fix the failed checks below, or use another computer.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Exam server/ })).toHaveTextContent(/Fail.*does not answer/);
    expect(within(table).getByRole('row', { name: /Screen size/ })).toHaveTextContent(/Warning.*stacked/);
  });

  it('words a clock ahead of the server’s, in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<PreExamCheckScreen probes={machine({ ahead: 90_000 })} />);
    expect(await screen.findByText('இந்தக் கணினியைப் பயன்படுத்தலாம், ஆனால் கீழுள்ள எச்சரிக்கைகளைப் பார்க்கவும்.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /கடிகாரம்/ })).toHaveTextContent(
      /எச்சரிக்கை.*90 வி முன்னால்/,
    );
  });
});
