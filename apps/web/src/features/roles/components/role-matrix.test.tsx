import { PERMISSIONS, type RoleConfig } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RoleMatrixEditor } from './role-matrix';

const config: RoleConfig = {
  clientId: 'neetprep',
  canEdit: true,
  roles: [
    { role: 'SchoolTeacher', permissions: ['dashboard.view', 'schedules.manage'] },
    { role: 'ClientAdmin', permissions: [...PERMISSIONS] },
  ],
};

function stubServer() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const sent = JSON.parse(String(init?.body ?? '{}')) as { roles: RoleConfig['roles'] };
    const body: RoleConfig = { ...config, roles: config.roles.map((r) => sent.roles.find((s) => s.role === r.role) ?? r) };
    return new Response(JSON.stringify({ status: true, message: 'Role configuration saved.', body }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('RoleMatrixEditor', { timeout: 120_000 }, () => {
  it('takes a whole tab from a role from the keyboard and saves only the changed role, with the reason', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<RoleMatrixEditor config={config} />);
    // By label: role queries over the whole matrix (hundreds of checkboxes) take seconds in jsdom.
    const tab = screen.getByLabelText('Test Schedule (whole tab) for School teacher');
    expect(tab).toHaveAttribute('type', 'checkbox');
    expect(tab).toBeChecked();
    expect(screen.getByLabelText('Schedule tests for classes for School teacher')).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('No unsaved changes');
    tab.focus();
    await user.keyboard(' ');
    expect(tab).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 role changed');
    await user.click(screen.getByLabelText('Reason for the change (optional)'));
    await user.paste('Office schedules tests');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/roles/v1/saveConfig');
    expect(JSON.parse(String(init!.body))).toEqual({ roles: [{ role: 'SchoolTeacher', permissions: ['dashboard.view'] }], reason: 'Office schedules tests' });
  });

  it('shows a read-only matrix to an admin who cannot change it', () => {
    renderWithProviders(<RoleMatrixEditor config={{ ...config, canEdit: false }} />);
    expect(screen.getByText('Only a client administrator can change the permissions. You can see them here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Test Schedule (whole tab) for School teacher')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
