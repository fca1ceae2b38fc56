import { NAVBAR_WIDTH, type NavItem } from '@app/contracts';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../../lib/translation';
import { NavLink, useLocation } from 'react-router';
import { NavIcon } from './nav-icon';

function isActive(item: NavItem, pathname: string): boolean {
  const path = item.url.split('?')[0]!;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The role's menu (spec 000 §2), one link per item, with the brand or institution logo on top. */
export function Navbar({
  items,
  icons,
  logoUrl,
  onNavigate,
}: {
  items: NavItem[];
  icons?: ComponentProps<typeof NavIcon>['icons'];
  logoUrl?: string | null;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    // The brand is inside the navigation landmark too, so that nothing on the page is outside a landmark.
    <Box component="nav" aria-label={t('mainNavigation')} sx={{ width: NAVBAR_WIDTH, height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}>
      <Box sx={{ px: 3, py: 2.5, display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 86 }}>
        {logoUrl ? (
          <Box component="img" src={logoUrl} alt={t('institutionLogo')} sx={{ maxHeight: 48, maxWidth: 180, objectFit: 'contain' }} />
        ) : (
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('common:appName')}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.url}
                selected={isActive(item, pathname)}
                onClick={onNavigate}
                sx={{ mx: 1.5, borderRadius: 2, mb: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                  <NavIcon name={item.icon} icons={icons} />
                </ListItemIcon>
                {/* A staff page's own label is in `common:nav` (app/staff-pages.ts). */}
                <ListItemText primary={t(`nav.${item.title}`, { defaultValue: t(`common:nav.${item.title}`) })} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Box>
  );
}
