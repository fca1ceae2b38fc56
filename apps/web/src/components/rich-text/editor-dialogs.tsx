import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Editor } from '@tiptap/react';
import { Suspense, useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { useIsChanged } from '../../hooks/use-is-changed';
import { WorkDialog } from '../dialogs/work-dialog';
import { RichContent } from './rich-content';
import { escapeHtml } from '../../lib/escape-html';

const LINK_PATTERN = /^https?:\/\/\S+$/i;

/** Sets or removes the link on the selection. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation('richText');
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [isInvalid, setIsInvalid] = useState(false);
  const isDirty = useIsChanged(href);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog is a portal: in React's tree its submit would also reach a form around the editor.
    event.stopPropagation();
    const address = href.trim();
    if (!LINK_PATTERN.test(address)) {
      setIsInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    onClose();
  }

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={t('linkTitle')} maxWidth="xs">
      <form onSubmit={handleSubmit} noValidate>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('linkAddress')}
            value={href}
            onChange={(event) => setHref(event.target.value)}
            error={isInvalid}
            helperText={isInvalid ? t('linkInvalid') : undefined}
            inputMode="url"
          />
        </DialogContent>
        <DialogActions>
          {editor.isActive('link') && (
            <Button
              color="error"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              {t('removeLink')}
            </Button>
          )}
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('insert')}
          </Button>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}

/** A formula in TeX (with `\ce{}` for chemistry), previewed as it will be shown, inserted between delimiters. */
export function FormulaDialog({ onInsert, onClose }: { onInsert: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation('richText');
  const [tex, setTex] = useState('');
  const [isDisplay, setIsDisplay] = useState(false);
  const wrapped = tex.trim() ? (isDisplay ? `$$${tex.trim()}$$` : `$${tex.trim()}$`) : '';
  const preview = useDeferredValue(wrapped);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!wrapped) return;
    onInsert(wrapped);
    onClose();
  }

  return (
    <WorkDialog isOpen isDirty={tex !== ''} onClose={onClose} title={t('formulaTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('formulaTex')}
            value={tex}
            onChange={(event) => setTex(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } } }}
          />
          <FormControlLabel control={<Checkbox checked={isDisplay} onChange={(event) => setIsDisplay(event.target.checked)} />} label={t('formulaDisplay')} />
          <Typography variant="caption" color="text.secondary" component="div">
            {t('formulaPreview')}
          </Typography>
          <Suspense fallback={null}>
            <RichContent html={preview ? `<p>${escapeHtml(preview)}</p>` : ''} aria-live="polite" sx={{ minHeight: 32 }} />
          </Suspense>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!wrapped}>
            {t('insert')}
          </Button>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}
