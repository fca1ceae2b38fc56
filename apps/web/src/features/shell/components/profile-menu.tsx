import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** Name and photo, with Profile (where the role has it) and Logout. */
export function ProfileMenu({
  name,
  photoUrl,
  hasProfile,
  onLogout,
}: {
  name: string;
  photoUrl?: string | null;
  hasProfile: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {/* The name begins the button's name as it begins what it shows (WCAG 2.5.3); the photo repeats it. */}
      <Button
        color="inherit"
        aria-label={t('accountMenu', { name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ gap: 1, textTransform: 'none' }}
      >
        {/* Decorative: no initial as text, which would stand before the name in what the button shows. */}
        <Avatar src={photoUrl ?? undefined} alt="" aria-hidden sx={{ width: 36, height: 36 }} />
        <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Typography>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {hasProfile && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              navigate(paths.profile.getHref());
            }}
          >
            <ListItemIcon>
              <Person fontSize="small" />
            </ListItemIcon>
            {t('profile')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
