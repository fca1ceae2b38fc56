import type { CalendarEvent } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TimeGridView } from './time-grid-view';

describe('TimeGridView', () => {
  it('is a grid of rows whose cells are the days, with no headings of its own', () => {
    const days = [new Date(2026, 10, 23), new Date(2026, 10, 24)];
    renderWithProviders(<TimeGridView days={days} today={days[0]!} events={[]} onCreateAt={vi.fn()} onOpen={vi.fn()} />);
    const grid = screen.getByRole('grid');
    const rows = within(grid).getAllByRole('row');
    // The column headers, the all-day row and the hours.
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(2);
    expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(2);
    expect(within(rows[2]!).getAllByRole('gridcell')).toHaveLength(2);
    expect(within(grid).queryAllByRole('heading')).toEqual([]);
  });

  it('draws a test window of several days once per day in the all-day row, not as a block filling each day', () => {
    const days = [new Date(2026, 10, 23), new Date(2026, 10, 24), new Date(2026, 10, 25)];
    const window: CalendarEvent = {
      key: 'test:7', id: 7, title: 'NEET mock window', description: '', allDay: false, color: null, source: 'test', readOnly: true, route: '/test/test/1/7',
      start: new Date(2026, 10, 23, 9).toISOString(),
      end: new Date(2026, 10, 25, 17).toISOString(),
    };
    const lesson: CalendarEvent = { ...window, key: 'event:1', id: 1, title: 'Revision', source: 'event', readOnly: false, route: null, start: new Date(2026, 10, 24, 10).toISOString(), end: new Date(2026, 10, 24, 11).toISOString() };
    renderWithProviders(<TimeGridView days={days} today={days[0]!} events={[window, lesson]} onCreateAt={vi.fn()} onOpen={vi.fn()} />);
    const [, allDay, hours] = within(screen.getByRole('grid')).getAllByRole('row');
    expect(within(allDay!).getAllByRole('button', { name: /NEET mock window/ })).toHaveLength(3);
    expect(within(hours!).queryByRole('button', { name: /NEET mock window/ })).toBeNull();
    // It says when it opens and closes; a one-hour entry stays in the hours.
    expect(within(allDay!).getAllByRole('button', { name: /NEET mock window/ })[0]).toHaveTextContent(/09:00.*–.*17:00/);
    expect(within(hours!).getByRole('button', { name: /Revision/ })).toBeInTheDocument();
  });
});
