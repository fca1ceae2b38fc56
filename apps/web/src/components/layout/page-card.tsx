import { TOOLBAR_HEIGHT } from '@app/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The shell's content card, with an optional toolbar (title and actions, 64 px high). */
export function PageCard({ title, toolbar, children }: { title?: ReactNode; toolbar?: ReactNode; children: ReactNode }) {
  const hasToolbar = Boolean(title || toolbar);
  return (
    <Paper elevation={0} sx={{ borderRadius: 2, overflow: 'hidden' }}>
      {hasToolbar && (
        <>
          <Box sx={{ minHeight: TOOLBAR_HEIGHT, px: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
            {title && (
              <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
                {title}
              </Typography>
            )}
            {toolbar}
          </Box>
          <Divider />
        </>
      )}
      <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>
    </Paper>
  );
}
