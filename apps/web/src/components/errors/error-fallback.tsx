import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { isChunkLoadError } from '../../lib/stale-chunk';

export interface ErrorFallbackProps {
  error: unknown;
  /** Renders the subtree again (a render error may not repeat). */
  onRetry: () => void;
  /** The "Go home" button, as a router link or a plain one (outside the router). */
  homeButton: ReactNode;
  /** Fills the viewport (the app-level boundary) rather than the content area. */
  isFullPage?: boolean;
}

/**
 * What a failed page shows, in the chosen language (the `common` texts ship with the app entry,
 * so they are here even when a page's chunk is not). A chunk missing after a deploy can only be
 * fixed by loading the new build, so its retry reloads the page.
 */
export function ErrorFallback({ error, onRetry, homeButton, isFullPage = false }: ErrorFallbackProps) {
  const { t } = useTranslation('common', { useSuspense: false });
  const isStale = isChunkLoadError(error);
  return (
    <Box
      role="alert"
      sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', p: 4, minHeight: isFullPage ? '100vh' : 240 }}
    >
      <div>
        <Typography variant="h5" component="h1" gutterBottom>
          {t(isStale ? 'updateTitle' : 'errorTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 560 }}>
          {t(isStale ? 'updateText' : 'errorText')}
        </Typography>
        <Stack direction="row" spacing={2} justifyContent="center">
          <Button variant="contained" onClick={isStale ? () => window.location.reload() : onRetry}>
            {t(isStale ? 'reload' : 'tryAgain')}
          </Button>
          {homeButton}
        </Stack>
      </div>
    </Box>
  );
}
