import { TOAST_AUTO_HIDE_MS } from '@app/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { setToastTarget } from '../lib/toast';

/** notistack's success, warning and info colours give white text under 4.5:1; these reach it (WCAG 1.4.3). */
const TOAST_COLORS = (
  <GlobalStyles
    styles={{
      '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
      '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#8a4500' },
      '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
      '.notistack-MuiContent.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
    }}
  />
);

/** The toasts, top right (spec 000 §9); `useNotify` shows them. */
export function Toaster() {
  useEffect(() => {
    setToastTarget((message, options) => enqueueSnackbar(message, options));
    return () => setToastTarget(null);
  }, []);
  return (
    <>
      {TOAST_COLORS}
      <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />
    </>
  );
}
