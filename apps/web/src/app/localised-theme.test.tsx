import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n/i18n';
import { LocalisedThemeProvider } from './localised-theme';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function SearchField() {
  return <Autocomplete options={['Priya', 'Arun']} value="Priya" renderInput={(params) => <TextField {...params} label="Student" />} />;
}

// Shown on hover and focus only (visibility: hidden until then), so found by its class.
const clearButton = () => document.querySelector('.MuiAutocomplete-clearIndicator');

describe('LocalisedThemeProvider', () => {
  it('names an Autocomplete’s Open and Clear buttons in the interface language, also after a switch', async () => {
    render(
      <LocalisedThemeProvider>
        <SearchField />
      </LocalisedThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(clearButton()).toHaveAttribute('aria-label', 'Clear');
    await act(() => i18n.changeLanguage('tn'));
    expect(screen.getByRole('button', { name: 'திற' })).toBeInTheDocument();
    expect(clearButton()).toHaveAttribute('aria-label', 'அழி');
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });
});
