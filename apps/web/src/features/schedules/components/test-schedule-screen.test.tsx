import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectEscapeAsksBeforeDiscarding, expectEscapeCloses } from '../../../test/dismiss-checks';
import { typeDate } from '../../../test/date-fields';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TestScheduleScreen } from './test-schedule-screen';

const OPTIONS = {
  courses: [{ id: 1, name: 'NEET Complete Preparation', topics: [{ id: 4, name: 'Mock tests' }], tests: [{ id: 7, name: 'Weekly Test 2', topicId: 4 }] }],
  institutes: [{ id: 3, name: 'Sunrise Academy', classes: [{ id: 5, name: '12', sections: [{ id: 8, name: 'A' }] }] }],
};

/** The real client against a stubbed fetch; writes are recorded. */
function stubServer() {
  const writes: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      let body: unknown = [];
      if (path.endsWith('/options')) body = OPTIONS;
      if (path.endsWith('/createTestSchedule')) {
        const sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
        writes.push({ path, body: sent });
        body = { id: 1, ...sent, taskName: 'Weekly Test 2', courseId: 1, courseName: 'NEET', instituteName: 'Sunrise Academy', className: '12', sectionName: null };
      }
      return new Response(JSON.stringify({ status: true, message: 'Schedule saved', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return writes;
}

afterEach(() => vi.unstubAllGlobals());

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('TestScheduleScreen', { timeout: 30_000 }, () => {
  it('asks for the missing choices and sends nothing', async () => {
    const writes = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<TestScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Schedule a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a test' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Please choose one.')).not.toHaveLength(0);
    expect(within(dialog).getAllByText('Please pick a valid date and time.')).toHaveLength(2);
    expect(writes).toEqual([]);
  });

  it('schedules a test for one class with times as instants', async () => {
    const writes = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<TestScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Schedule a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a test' });
    await choose(user, /Course/, 'NEET Complete Preparation');
    await choose(user, /^Test/, 'Weekly Test 2');
    // The only institute is chosen already.
    await screen.findByRole('combobox', { name: /Institute/ });
    await choose(user, /^Class/, '12');
    await typeDate(user, within(dialog).getByRole('group', { name: /Opens at/ }), '2026-05-04T09:00');
    await typeDate(user, within(dialog).getByRole('group', { name: /Closes at/ }), '2026-05-04T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The closing time must be after the opening time.')).toBeInTheDocument();
    await typeDate(user, within(dialog).getByRole('group', { name: /Closes at/ }), '2026-05-11T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      taskId: 7,
      instituteId: 3,
      classId: 5,
      sectionId: null,
      opensAt: new Date('2026-05-04T09:00').toISOString(),
      closesAt: new Date('2026-05-11T09:00').toISOString(),
      lateStartUntil: null,
    });
  });
});

describe('TestScheduleScreen: typed work in the window dialog', { timeout: 30_000 }, () => {
  it('closes on Escape at once while nothing was changed', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<TestScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Schedule a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a test' });
    // The only institute is chosen by itself: that is not the user's work.
    await screen.findByRole('combobox', { name: /Institute/ });
    await expectEscapeCloses(user, dialog);
  });

  it('asks before Escape drops a typed time; Keep editing keeps it, Discard closes', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<TestScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Schedule a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a test' });
    const opensAt = () => within(dialog).getByRole('group', { name: /Opens at/ });
    await typeDate(user, opensAt(), '2026-05-04T09:00');
    // The field's own input holds what was typed, as the field shows it.
    await expectEscapeAsksBeforeDiscarding(user, dialog, () => opensAt().parentElement!.querySelector('input')!, '04/05/2026 09:00');
  });
});
