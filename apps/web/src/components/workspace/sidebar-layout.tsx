import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A workspace screen's two columns: the sidebar beside the content, stacked on small screens. */
export function SidebarLayout({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={{ width: { md: 220 }, flexShrink: 0 }}>{sidebar}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
