import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export type PendingButtonProps = Omit<ButtonProps, 'loading' | 'loadingPosition'> & {
  /** True while the server is answering what this button asked. */
  isPending: boolean;
  /** Its name for the announcement when the label is not plain text (an icon, a fragment). */
  pendingName?: string;
};

/**
 * A button that waits on the server: while `isPending` it shows a spinner beside its label, is
 * busy and disabled, and a polite live region next to it says "<label>: please wait…" to screen
 * readers. Every button whose action waits on an answer uses it, so progress looks and sounds the
 * same everywhere (issue 37 item 10).
 */
export function PendingButton({ isPending, pendingName, disabled, children, ...props }: PendingButtonProps) {
  const { t } = useTranslation();
  const name = pendingName ?? (typeof children === 'string' ? children : '');
  return (
    <>
      <Button {...props} disabled={disabled} loading={isPending} loadingPosition="start" aria-busy={isPending || undefined}>
        {children}
      </Button>
      {/* Present before it speaks (a live region added with its text is often not announced); beside the
          button rather than in one region for the page, which an open dialog would hide from screen readers. */}
      <Box component="span" aria-live="polite" data-pending-status sx={VISUALLY_HIDDEN}>
        {isPending ? t('pendingAction', { action: name }) : ''}
      </Box>
    </>
  );
}
