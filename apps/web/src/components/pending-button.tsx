import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { MouseEvent } from 'react';
import { useTranslation } from '../lib/translation';

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export type PendingButtonProps = Omit<ButtonProps, 'loading' | 'loadingPosition'> & {
  /** True while the server is answering what this button asked. */
  isPending: boolean;
  /** Its name for the announcement when the label is not plain text (an icon, a fragment). */
  pendingName?: string;
};

/**
 * A button that waits on the server: while `isPending` it shows a spinner beside its label, is
 * busy, ignores presses (`aria-disabled`, not `disabled`, so that keyboard focus stays on it
 * instead of falling to the page), and a polite live region next to it says "<label>: please
 * wait…" to screen readers. Every button whose action waits on an answer uses it, so progress
 * looks and sounds the same everywhere.
 */
export function PendingButton({ isPending, pendingName, disabled, children, onClick, startIcon, sx, ...props }: PendingButtonProps) {
  const { t } = useTranslation();
  const name = pendingName ?? (typeof children === 'string' ? children : '');
  const status = t('pendingAction', { action: name });
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A second press (or Enter in the form) while the first is answered sends nothing.
    if (isPending) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <>
      <Button
        {...props}
        disabled={disabled}
        onClick={handleClick}
        startIcon={isPending ? <CircularProgress color="inherit" size={16} aria-label={status} /> : startIcon}
        aria-disabled={isPending || undefined}
        aria-busy={isPending || undefined}
        sx={[isPending && { cursor: 'progress', opacity: 0.8 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </Button>
      {/* Present before it speaks (a live region added with its text is often not announced); beside the
          button rather than in one region for the page, which an open dialog would hide from screen readers. */}
      <Box component="span" aria-live="polite" data-pending-status sx={VISUALLY_HIDDEN}>
        {isPending ? status : ''}
      </Box>
    </>
  );
}
