import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { CodeEditorPanelProps } from './code-editor-panel';

// CodeMirror and its languages load in their own chunk, only when a programming question shows.
const CodeEditorPanel = lazy(async () => ({ default: (await import('./code-editor-panel')).CodeEditorPanel }));

/** The code editor panel, loaded on first use; a 300 px placeholder holds its place meanwhile. */
export function LazyCodeEditorPanel(props: CodeEditorPanelProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={360} aria-hidden data-testid="code-editor-loading" />}>
      <CodeEditorPanel {...props} />
    </Suspense>
  );
}
