import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SectionTabs, type SectionTabModel } from './section-tabs';

function tab(sectionIndex: number, name: string, overrides: Partial<SectionTabModel> = {}): SectionTabModel {
  return { sectionIndex, name, questionCount: 60, remaining: null, isDisabled: false, ...overrides };
}

const TABS = [
  tab(0, 'Physics'),
  tab(1, 'Chemistry', { isDisabled: true, remaining: 300 }),
  tab(2, 'Biology', { remaining: 3725 }),
];

function renderTabs(activeSection = 0) {
  const onSwitch = vi.fn();
  render(<SectionTabs tabs={TABS} activeSection={activeSection} onSwitch={onSwitch} />);
  return { onSwitch, tabs: screen.getAllByRole('tab') };
}

describe('SectionTabs', () => {
  it('shows each section with its question count and countdown; the active one is selected and the only one in the tab order', () => {
    const { tabs } = renderTabs(2);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Physics60 questions',
      'Chemistry60 questions · 05 : 00',
      'Biology60 questions · 01 : 02 : 05',
    ]);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    expect(tabs[1]).toBeDisabled();
  });

  it('switches on a click of another enabled tab only', () => {
    const { onSwitch, tabs } = renderTabs(0);
    fireEvent.click(tabs[0]!);
    fireEvent.click(tabs[1]!);
    expect(onSwitch).not.toHaveBeenCalled();
    fireEvent.click(tabs[2]!);
    expect(onSwitch).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('moves the focus with the arrow keys, Home and End, past disabled tabs and around the ends, without switching', () => {
    const { onSwitch, tabs } = renderTabs(0);
    tabs[0]!.focus();
    // [key pressed, tab focused afterwards]; tab 1 is disabled.
    const steps: [string, number][] = [
      ['ArrowRight', 2],
      ['ArrowRight', 0],
      ['ArrowLeft', 2],
      ['Home', 0],
      ['End', 2],
      ['ArrowDown', 2],
    ];
    for (const [key, focused] of steps) {
      fireEvent.keyDown(document.activeElement!, { key });
      expect(tabs[focused], key).toHaveFocus();
    }
    expect(onSwitch).not.toHaveBeenCalled();
  });
});
