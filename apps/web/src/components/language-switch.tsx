import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from '../lib/translation';

const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'tn', label: 'தமிழ்' },
] as const;

/** English / Tamil; the choice is kept in storage and sent to the server as `language`. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { i18n, t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        // The name starts with the visible text (WCAG 2.5.3), then says what the button does.
        aria-label={`${current.label}, ${t('changeLanguage')}`}
        lang={current.code === 'tn' ? 'ta' : 'en'}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {current.label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language.code}
            selected={language.code === current.code}
            lang={language.code === 'tn' ? 'ta' : 'en'}
            onClick={() => {
              void i18n.changeLanguage(language.code);
              setAnchor(null);
            }}
          >
            {language.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
