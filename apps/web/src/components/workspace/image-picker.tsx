import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { checkImageFile, readFileAsDataUrl } from '../../lib/image-file';

/**
 * Picks a JPEG or PNG (at most 5 MB) and hands it over as an inline data URL (spec 000 §5).
 * A file of another type or size is refused with a message; a read failure is only logged.
 */
export function ImagePicker({ value, onChange }: { value: string | null; onChange: (dataUrl: string | null) => void }) {
  const { t } = useTranslation('workspace');
  const { t: tm } = useTranslation('messages');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function handlePick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.isValid) {
      setProblem(tm(check.reason));
      return;
    }
    setProblem(null);
    try {
      onChange(await readFileAsDataUrl(file));
    } catch (error) {
      console.error('Could not read the picked image', error);
    }
  }

  return (
    <Box>
      {value && (
        <Box sx={{ position: 'relative', mb: 1 }}>
          <Box
            component="img"
            src={value}
            alt={t('imagePreview')}
            sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
          <IconButton
            size="small"
            aria-label={t('removeImage')}
            onClick={() => onChange(null)}
            sx={{
              position: 'absolute',
              top: 4,
              right: 4,
              bgcolor: 'rgba(0,0,0,0.55)',
              color: '#fff',
              '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        onChange={(event) => void handlePick(event)}
        data-testid="image-input"
      />
      <Button size="small" startIcon={<AddPhotoAlternateIcon />} onClick={() => inputRef.current?.click()}>
        {value ? t('changeImage') : t('addImage')}
      </Button>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </Box>
  );
}
