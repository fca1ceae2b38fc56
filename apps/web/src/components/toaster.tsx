import { TOAST_AUTO_HIDE_MS } from '@app/contracts';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { setToastTarget } from '../lib/toast';

/** The toasts, top right (spec 000 §9); `useNotify` shows them. */
export function Toaster() {
  useEffect(() => {
    setToastTarget((message, options) => enqueueSnackbar(message, options));
    return () => setToastTarget(null);
  }, []);
  return <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />;
}
