import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { shortcutLabel } from '../model/shortcuts';
import { HeaderClock } from './header-clock';
import { TimeAnnouncer } from './time-announcer';

const NO_TRANSITION = { transition: 'none' } as const;

/*
 * A phone, in Tamil too, down to 320 px: the title keeps a readable width and the save status,
 * clock and palette button move to a second row when they do not fit; the clock never wraps.
 */
const HEADER_TOOLBAR_SX = { gap: { xs: 1, sm: 2 }, rowGap: 0.5, flexWrap: 'wrap', py: { xs: 0.5, sm: 0 } } as const;
const HEADER_TITLE_SX = { flex: '1 1 7rem', minWidth: 0 } as const;
const SAVE_CHIP_SX = { ...NO_TRANSITION, maxWidth: { xs: '8rem', sm: '16rem', md: 'none' } } as const;
const HEADER_CLOCK_SX = { textAlign: 'right', whiteSpace: 'nowrap', ml: 'auto' } as const;

/** The docked palette's panel, which the header's menu button controls. */
export const PALETTE_PANEL_ID = 'exam-palette-panel';

/**
 * Title, save status and clock. The clock's text comes through a context, so the tick of the
 * clock re-renders that text only, not the bar, the chip and the button around it.
 */
export const PlayerHeader = memo(function PlayerHeader({
  taskName,
  isTest,
  unconfirmed,
  isPaletteDocked,
  onOpenPalette,
}: {
  taskName: string;
  isTest: boolean;
  unconfirmed: number;
  /** On a wide screen the palette sits beside the question and the menu button shows or hides it. */
  isPaletteDocked: boolean | null;
  onOpenPalette: () => void;
}) {
  const { t } = useTranslation('exam');
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={HEADER_TOOLBAR_SX}>
        <Typography variant="h6" component="h1" sx={HEADER_TITLE_SX} noWrap title={taskName}>
          {taskName}
        </Typography>
        <Chip
          size="small"
          color={unconfirmed > 0 ? 'warning' : 'success'}
          label={unconfirmed > 0 ? t('savePending', { count: unconfirmed }) : t('allSaved')}
          data-testid="save-status"
          // Changes with every answer and its save, often during the next move: no colour animation.
          sx={SAVE_CHIP_SX}
        />
        <Box sx={HEADER_CLOCK_SX}>
          <Typography variant="caption" component="p">
            {isTest ? t('timeLeft') : t('timeSpent')}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            role="timer"
            data-testid="exam-timer"
            sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1 }}
          >
            <HeaderClock />
          </Typography>
          {isTest && <TimeAnnouncer />}
        </Box>
        {isTest && (
          <IconButton
            color="inherit"
            edge="end"
            aria-label={t('openPalette')}
            aria-keyshortcuts={shortcutLabel('palette')}
            aria-controls={isPaletteDocked === null ? undefined : PALETTE_PANEL_ID}
            aria-expanded={isPaletteDocked === null ? undefined : isPaletteDocked}
            onClick={onOpenPalette}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
    </AppBar>
  );
});
