import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { defaultSettings } from '../model/test-config-model';
import { TestSettingsForm } from './test-settings-form';

vi.mock('../../../../lib/api-client', () => ({
  callApi: vi.fn(async (route: { path: string }) =>
    route.path.endsWith('/courses')
      ? [{ courseID: 1, courseName: 'NEET', description: '', imageUrl: null, language: 'en', totalTopics: 1, totalTasks: 0, completedTasks: 0, progress: 0, timeSpent: 0 }]
      : { courseID: 1, courseName: 'NEET', topics: [{ topicID: 2, topicName: 'Mock tests', description: '', totalTasks: 0, completedTasks: 0, progress: 0 }] },
  ),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const settings = { ...defaultSettings(1, 2), name: 'Mock 1' };

describe('TestSettingsForm', { timeout: 60_000 }, () => {
  it('saves the flags as the spec encodes them (tab monitoring on is 0), and refuses a bad duration with the catalogue’s message', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<TestSettingsForm settings={settings} isLocked={false} isReadOnly={false} isSaving={false} onSave={onSave} />);
    const duration = screen.getByRole('spinbutton', { name: 'Duration (minutes)' });
    await user.clear(duration);
    await user.type(duration, '-5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter minutes from 0 to 1440.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(duration);
    await user.type(duration, '180');
    await user.click(screen.getByRole('switch', { name: 'Warn when the student leaves the tab' }));
    await user.click(screen.getByRole('switch', { name: 'Students may move freely between questions' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Mock 1', durationMinutes: 180, isTabAlertAllowed: 0, questionSwitch: 0 });
  });

  it('keeps English as the final version by default, with help, and saves the switch turned off', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<TestSettingsForm settings={settings} isLocked={false} isReadOnly={false} isSaving={false} onSave={onSave} />);
    const englishFinal = screen.getByRole('switch', { name: 'English version is final' });
    expect(englishFinal).toBeChecked();
    expect(englishFinal).toHaveAccessibleDescription(/the English version is final where the two differ/);
    await user.click(englishFinal);
    expect(englishFinal).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Mock 1', englishAuthoritative: false });
  });

  it('shows a test saved without English as final with the switch off', () => {
    renderWithProviders(
      <TestSettingsForm settings={{ ...settings, englishAuthoritative: false }} isLocked={false} isReadOnly={false} isSaving={false} onSave={() => undefined} />,
    );
    expect(screen.getByRole('switch', { name: 'English version is final' })).not.toBeChecked();
  });

  it('locks type, course, duration and section timing once students have attempts', () => {
    renderWithProviders(<TestSettingsForm settings={settings} isLocked isReadOnly={false} isSaving={false} onSave={() => undefined} />);
    expect(screen.getByRole('spinbutton', { name: 'Duration (minutes)' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Each section has its own timer' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Test name' })).toBeEnabled();
  });

  it('asks before the page’s own Back (a change of query) drops a changed setting; Stay keeps it, Leave goes', async () => {
    const user = userEvent.setup();
    // As the test configuration page does: /testconfig?test=<id> is the editor, Back clears the query.
    function EditorPage() {
      const [, setParams] = useSearchParams();
      const { search } = useLocation();
      return (
        <>
          <p data-testid="address">{search}</p>
          <button type="button" onClick={() => setParams({})}>
            All tests
          </button>
          <TestSettingsForm settings={settings} isLocked={false} isReadOnly={false} isSaving={false} onSave={() => undefined} />
        </>
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/testconfig" element={<EditorPage />} />
      </Routes>,
      { path: '/testconfig?test=3' },
    );
    const name = screen.getByRole('textbox', { name: 'Test name' });
    await user.type(name, ' (revised)');
    await user.click(screen.getByRole('button', { name: 'All tests' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('address')).toHaveTextContent('?test=3');
    expect(name).toHaveValue('Mock 1 (revised)');

    await user.click(screen.getByRole('button', { name: 'All tests' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('address')).toBeEmptyDOMElement());
  });

  it('is labelled in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<TestSettingsForm settings={settings} isLocked={false} isReadOnly={false} isSaving={false} onSave={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'தேர்வின் பெயர்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'அமைப்புகளைச் சேமி' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'ஆங்கிலப் பதிப்பே இறுதியானது' })).toHaveAccessibleDescription(/ஆங்கிலப் பதிப்பே இறுதியானது எனத்/);
  });
});
