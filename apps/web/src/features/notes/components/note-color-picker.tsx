import { NOTE_COLORS } from '@app/contracts';
import CheckIcon from '@mui/icons-material/Check';
import FormatColorResetIcon from '@mui/icons-material/FormatColorReset';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from '../../../lib/translation';

/** Keep's palette: the default background plus the contract's colours. */
export function NoteColorPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (color: string | null) => void;
}) {
  const { t } = useTranslation('notes');
  const swatches: (string | null)[] = [null, ...NOTE_COLORS];
  return (
    <Box role="radiogroup" aria-label={t('color')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, maxWidth: 260 }}>
      {swatches.map((color) => {
        const isSelected = value === color;
        return (
          <ButtonBase
            key={color ?? 'default'}
            role="radio"
            aria-checked={isSelected}
            aria-label={color ?? t('defaultColor')}
            onClick={() => onChange(color)}
            sx={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: color ?? 'background.paper',
              border: 2,
              borderColor: isSelected ? 'primary.main' : 'divider',
            }}
          >
            {isSelected ? (
              <CheckIcon fontSize="small" />
            ) : color === null ? (
              <FormatColorResetIcon fontSize="small" color="action" />
            ) : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
