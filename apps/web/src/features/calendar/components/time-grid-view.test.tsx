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
});
