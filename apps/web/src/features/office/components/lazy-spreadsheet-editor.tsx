import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { SpreadsheetEditorProps } from './spreadsheet-editor';

// FortuneSheet, its formula engine and the xlsx reader and writer: their own chunk, fetched only
// when a spreadsheet question shows (never with the player's first load).
const SpreadsheetEditor = lazy(async () => ({ default: (await import('./spreadsheet-editor')).SpreadsheetEditor }));

export function LazySpreadsheetEditor(props: SpreadsheetEditorProps) {
  return (
    <Suspense fallback={<Skeleton role="progressbar" variant="rounded" height={420} aria-label={props.loadingLabel} data-testid="spreadsheet-loading" />}>
      <SpreadsheetEditor {...props} />
    </Suspense>
  );
}
