import { HEADER_HEIGHT } from '@app/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { LanguageSwitch } from '../../../components/language-switch';

/** Screens too short for a bar that stays on top (a 1280 × 800 screen at 400 % zoom is 200 CSS px high). */
const SHORT_SCREEN = '@media (max-height: 480px)';

/** The top bar: navigation toggle, language switch, notification bell (dot = active test), account. */
export function Header({
  onToggleNav,
  isNavToggleShown,
  hasActiveTest,
  onOpenNotifications,
  actions,
  account,
}: {
  onToggleNav: () => void;
  isNavToggleShown: boolean;
  hasActiveTest: boolean;
  onOpenNotifications: () => void;
  /** Page-independent tools the app composes in (the student's quick bar). */
  actions?: ReactNode;
  account: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={1}
      // On a short screen (400 % zoom: 200 px high) a bar that stays would hide half the page: it scrolls away there.
      sx={{ bgcolor: 'background.paper', [SHORT_SCREEN]: { position: 'static' } }}
    >
      <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT }, gap: 1 }}>
        {isNavToggleShown && (
          <IconButton edge="start" aria-label={t('openNavigation')} onClick={onToggleNav}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ flex: 1 }} />
        {actions}
        <LanguageSwitch color="primary" />
        <IconButton aria-label={t('notifications')} onClick={onOpenNotifications}>
          <Badge color="error" variant="dot" invisible={!hasActiveTest} data-testid="notification-dot">
            <NotificationsIcon />
          </Badge>
        </IconButton>
        {account}
      </Toolbar>
    </AppBar>
  );
}
