import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { DataTable, type ColumnDef, type ServerPaging } from './data-table';

interface Student {
  id: number;
  name: string;
  marks: number;
}

const columns: ColumnDef<Student, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'marks', header: 'Marks' },
];

const students: Student[] = [
  { id: 1, name: 'Priya', marks: 72 },
  { id: 2, name: 'Arun', marks: 91 },
  { id: 3, name: 'Kavya', marks: 55 },
];

const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DataTable on the given rows', { timeout: 30_000 }, () => {
  it('sorts by a header from the keyboard and says so with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Students" columns={columns} rows={students} getRowId={(row) => String(row.id)} />);
    expect(bodyNames()).toEqual(['Priya', 'Arun', 'Kavya']);

    const marksHeader = screen.getByRole('columnheader', { name: 'Marks' });
    expect(marksHeader).toHaveAttribute('aria-sort', 'none');
    within(marksHeader).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(marksHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Kavya', 'Priya', 'Arun']);
    await user.keyboard('{Enter}');
    expect(marksHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Arun', 'Priya', 'Kavya']);
  });

  it('pages the rows and filters them with the search box', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        label="Students"
        columns={columns}
        rows={students}
        getRowId={(row) => String(row.id)}
        isSearchable
        initialPageSize={2}
        pageSizeOptions={[2, 10]}
      />,
    );
    expect(bodyNames()).toEqual(['Priya', 'Arun']);
    expect(screen.getByText('1–2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyNames()).toEqual(['Kavya']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ar');
    expect(bodyNames()).toEqual(['Arun']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(screen.getByText('Nothing matches your search.')).toBeInTheDocument();
  });

  it('names each row action after its row and calls it with the row', async () => {
    const onEdit = vi.fn();
    render(
      <DataTable
        label="Students"
        columns={columns}
        rows={students}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => row.name}
        rowActions={[
          { id: 'edit', label: 'Edit', icon: '✎', onClick: onEdit },
          { id: 'delete', label: 'Delete', icon: '×', onClick: vi.fn(), isDisabled: (row) => row.marks > 90 },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit: Kavya' }));
    expect(onEdit).toHaveBeenCalledWith(students[2]);
    expect(screen.getByRole('button', { name: 'Delete: Arun' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete: Priya' })).toBeEnabled();
  });

  it('shows the actions’ labels on the buttons where asked, named after their row', async () => {
    const onEdit = vi.fn();
    render(
      <DataTable
        label="Students"
        columns={columns}
        rows={students}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => row.name}
        rowActions={[{ id: 'edit', label: 'Edit', icon: '✎', onClick: onEdit, isDisabled: (row) => row.marks > 90 }]}
        hasActionLabels
      />,
    );
    const edit = screen.getByRole('button', { name: 'Edit: Kavya' });
    expect(edit).toHaveTextContent('Edit');
    await userEvent.click(edit);
    expect(onEdit).toHaveBeenCalledWith(students[2]);
    expect(screen.getByRole('button', { name: 'Edit: Arun' })).toBeDisabled();
  });

  it('shows the empty, loading and error states, in Tamil too', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <DataTable label="Students" columns={columns} rows={[]} getRowId={(row) => String(row.id)} />,
    );
    expect(screen.getByText('Nothing to show yet.')).toBeInTheDocument();

    rerender(<DataTable label="Students" columns={columns} rows={[]} getRowId={(row) => String(row.id)} isLoading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    rerender(
      <DataTable
        label="Students"
        columns={columns}
        rows={[]}
        getRowId={(row) => String(row.id)}
        error="Server said no"
        onRetry={onRetry}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Nothing to show yet.')).not.toBeInTheDocument();

    await i18n.changeLanguage('tn');
    rerender(<DataTable label="Students" columns={columns} rows={[]} getRowId={(row) => String(row.id)} />);
    expect(screen.getByText('இன்னும் காட்ட எதுவும் இல்லை.')).toBeInTheDocument();
  });
});

describe('DataTable with server-side paging, sorting and search', { timeout: 30_000 }, () => {
  function ServerTable({ onQuery }: { onQuery: (query: object) => void }) {
    const [page, setPage] = useState({ page: 0, pageSize: 25 });
    const paging: ServerPaging = {
      ...page,
      total: 10_000,
      onChange: (next) => {
        setPage(next);
        onQuery({ type: 'page', ...next });
      },
    };
    // The server's page: rows as given, never re-sorted or re-paged here.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: page.page * 25 + i,
      name: `Student ${page.page * 25 + i}`,
      marks: 100 - i,
    }));
    return (
      <DataTable
        label="Students"
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        paging={paging}
        sorting={[]}
        onSortingChange={(sorting) => onQuery({ type: 'sort', sorting })}
        isSearchable
        onSearchChange={(text) => onQuery({ type: 'search', text })}
      />
    );
  }

  it('shows the server total, asks for other pages and orders, and leaves the rows alone', async () => {
    const onQuery = vi.fn();
    const user = userEvent.setup();
    render(<ServerTable onQuery={onQuery} />);
    expect(screen.getByText('1–25 of 10000')).toBeInTheDocument();
    expect(bodyNames()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onQuery).toHaveBeenLastCalledWith({ type: 'page', page: 399, pageSize: 25 });
    expect(bodyNames()[0]).toBe('Student 9975');

    await user.click(within(screen.getByRole('columnheader', { name: 'Marks' })).getByRole('button'));
    expect(onQuery).toHaveBeenCalledWith({ type: 'sort', sorting: [{ id: 'marks', desc: false }] });
    expect(onQuery).toHaveBeenLastCalledWith({ type: 'page', page: 0, pageSize: 25 });
    expect(bodyNames()[0]).toBe('Student 0');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kav');
    await vi.waitFor(() => expect(onQuery).toHaveBeenCalledWith({ type: 'search', text: 'kav' }));
    expect(onQuery.mock.calls.filter(([query]) => (query as { type: string }).type === 'search')).toHaveLength(1);
  });
});
