import AddIcon from '@mui/icons-material/Add';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';

/** Type a title and press Enter; the view decides the defaults (star, today, label…). */
export function TodoQuickAdd({ onAdd, isBusy }: { onAdd: (title: string) => Promise<unknown>; isBusy: boolean }) {
  const { t } = useTranslation('todo');
  const [title, setTitle] = useState('');
  async function handleAdd() {
    const text = title.trim();
    if (!text || isBusy) return;
    try {
      await onAdd(text);
      setTitle('');
    } catch {
      // The mutation showed the server's message; the text stays for another try.
    }
  }
  return (
    <TextField
      fullWidth
      size="small"
      placeholder={t('quickAdd')}
      helperText={t('quickAddHint')}
      value={title}
      onChange={(event) => setTitle(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void handleAdd();
        }
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('quickAdd'), maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconButton
                size="small"
                edge="start"
                aria-label={t('add')}
                disabled={!title.trim() || isBusy}
                onClick={() => void handleAdd()}
              >
                <AddIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
