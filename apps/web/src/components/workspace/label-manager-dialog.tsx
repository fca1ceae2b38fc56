import type { Label } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation';

export interface LabelActions {
  onCreate: (title: string) => Promise<unknown>;
  onRename: (labelId: number, title: string) => Promise<unknown>;
  onDelete: (labelId: number) => Promise<unknown>;
}

/** Keep's "Edit labels": create, rename and delete the labels of one domain. */
export function LabelManagerDialog({
  isOpen,
  onClose,
  labels,
  actions,
}: {
  isOpen: boolean;
  onClose: () => void;
  labels: Label[];
  actions: LabelActions;
}) {
  const { t } = useTranslation('workspace');
  const [draft, setDraft] = useState('');
  const [names, setNames] = useState<Record<number, string>>({});
  const [pendingDelete, setPendingDelete] = useState<Label | null>(null);

  async function handleCreate() {
    const title = draft.trim();
    if (!title) return;
    try {
      await actions.onCreate(title);
      setDraft('');
    } catch {
      // The mutation already showed the server's message.
    }
  }

  async function handleRename(label: Label) {
    const title = names[label.id]?.trim();
    if (!title || title === label.name) return;
    try {
      await actions.onRename(label.id, title);
      setNames(({ [label.id]: _done, ...rest }) => rest);
    } catch {
      // Shown by the mutation.
    }
  }

  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('manageLabels')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          margin="dense"
          placeholder={t('newLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void handleCreate();
          }}
          slotProps={{
            htmlInput: { 'aria-label': t('newLabel') },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t('createLabel')}
                    disabled={!draft.trim()}
                    onClick={() => void handleCreate()}
                  >
                    <AddIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <List dense>
          {labels.map((label) => {
            const value = names[label.id] ?? label.name;
            const isChanged = value.trim() !== label.name && value.trim().length > 0;
            return (
              <ListItem key={label.id} disableGutters>
                <LabelOutlinedIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
                <TextField
                  fullWidth
                  size="small"
                  variant="standard"
                  value={value}
                  onChange={(event) => setNames((current) => ({ ...current, [label.id]: event.target.value }))}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void handleRename(label);
                  }}
                  slotProps={{ htmlInput: { 'aria-label': `${t('renameLabel')}: ${label.name}` } }}
                />
                <IconButton
                  size="small"
                  aria-label={`${t('renameLabel')}: ${label.name}`}
                  disabled={!isChanged}
                  onClick={() => void handleRename(label)}
                >
                  <CheckIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`${t('deleteLabel')}: ${label.name}`}
                  onClick={() => setPendingDelete(label)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('done')}</Button>
      </DialogActions>
      <Dialog open={Boolean(pendingDelete)} onClose={() => setPendingDelete(null)} maxWidth="xs" aria-labelledby="delete-label-confirm">
        <DialogContent id="delete-label-confirm">{pendingDelete && t('deleteLabelConfirm', { name: pendingDelete.name })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setPendingDelete(null)}>{t('cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              const label = pendingDelete;
              setPendingDelete(null);
              if (label) void actions.onDelete(label.id).catch(() => undefined);
            }}
          >
            {t('delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
