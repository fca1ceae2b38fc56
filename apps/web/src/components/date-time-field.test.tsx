import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { typeDate } from '../test/date-fields';
import { DateInput, DateTimeInput, DMY_VALUE } from './date-time-field';

function Harness({ initial = '', withTime = false, onValue, valueFormat, max }: { initial?: string; withTime?: boolean; onValue: (v: string) => void; valueFormat?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  const Field = withTime ? DateTimeInput : DateInput;
  return (
    <>
      <button type="button">before</button>
      <Field
        label="When"
        value={value}
        valueFormat={valueFormat}
        max={max}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </>
  );
}

const group = () => screen.getByRole('group', { name: /When/ });
const sections = () => within(group()).getAllByRole('spinbutton');

describe('date and date-time fields', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('types a date-time section by section and hands back YYYY-MM-DDTHH:mm', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness withTime onValue={onValue} />);
    await user.click(sections()[0]!);
    await user.keyboard('040520260930');
    expect(onValue).toHaveBeenLastCalledWith('2026-05-04T09:30');
  });

  it('takes a new date typed over an old one after the field was left', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness withTime initial="2026-05-04T08:00" onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await typeDate(user, group(), '2026-05-11T09:00');
    expect(onValue).toHaveBeenLastCalledWith('2026-05-11T09:00');
  });

  it('shows a value day first and keeps the year to four digits', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="2026-05-04" onValue={onValue} />);
    expect(sections().map((s) => s.textContent)).toEqual(['04', '05', '2026']);
    const year = sections()[2]!;
    await user.click(year);
    await user.keyboard('202719');
    expect(year.textContent).toHaveLength(4);
    expect(onValue).toHaveBeenCalledWith('2027-05-04');
    expect(onValue).not.toHaveBeenCalledWith(expect.stringMatching(/^\d{5,}/));
  });

  it('reads and writes DD-MM-YYYY when asked, and says nothing while a date is half typed', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="23-08-2009" valueFormat={DMY_VALUE} onValue={onValue} />);
    expect(sections().map((s) => s.textContent)).toEqual(['23', '08', '2009']);
    await user.click(sections()[0]!);
    await user.keyboard('{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith('');
    await user.keyboard('01');
    expect(onValue).toHaveBeenLastCalledWith('01-08-2009');
  });

  it('is one Tab stop, arrows move between sections, and the calendar button is the next stop', async () => {
    const user = userEvent.setup();
    render(<Harness withTime onValue={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(group().contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(group().contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Choose date/ }));
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('speaks Tamil: placeholders, the calendar button and the sections, never DD/MM/YYYY or mm/dd/yyyy', async () => {
    await i18n.changeLanguage('tn');
    render(<Harness withTime onValue={() => {}} />);
    expect(group().textContent).toContain('நாள்');
    expect(group().textContent).toContain('ஆண்டு');
    expect(group().textContent!.replace('When', '')).not.toMatch(/[A-Za-z]/);
    expect(screen.getByRole('button', { name: 'தேதியைத் தேர்ந்தெடுக்கவும்' })).toBeInTheDocument();
    expect(within(group()).getByRole('spinbutton', { name: /மாதம்/ })).toBeInTheDocument();
  });

  it('shows its own error for a date after the latest allowed, with aria-invalid', async () => {
    const user = userEvent.setup();
    render(<Harness max="2026-01-01" onValue={() => {}} />);
    await user.click(sections()[0]!);
    await user.keyboard('02012026');
    expect(await screen.findByText('This date is too late.')).toBeInTheDocument();
    expect(group().closest('[aria-invalid]')).toHaveAttribute('aria-invalid', 'true');
  });
});
