import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The Exam Report's building blocks: a titled section, a table region that scrolls sideways, a header row. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A table that scrolls sideways inside its own region on a phone (reachable with the keyboard). */
export function Scroll({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </Box>
  );
}

export function Head({ cells }: { cells: Array<string | { label: string; align: 'right' }> }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell) =>
          typeof cell === 'string' ? (
            <TableCell key={cell} scope="col">
              {cell}
            </TableCell>
          ) : (
            <TableCell key={cell.label} scope="col" align="right">
              {cell.label}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
