import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { CodeEditorPanelProps } from './code-editor-panel';
import { ChunkLoadBoundary } from '../../../components/errors/chunk-load-boundary';

// CodeMirror and its languages load in their own chunk, only when a programming question shows.
const loadPanel = async () => ({ default: (await import('./code-editor-panel')).CodeEditorPanel });
const panels = { current: lazy(loadPanel) };

/** React.lazy keeps a failed import; a retry needs a fresh one. */
function reloadPanel() {
  panels.current = lazy(loadPanel);
}

/** The code editor panel, loaded on first use; a placeholder holds its place meanwhile. */
export function LazyCodeEditorPanel(props: CodeEditorPanelProps) {
  const { t } = useTranslation('runner');
  const [attempt, setAttempt] = useState(0);
  const CodeEditorPanel = panels.current;
  const handleRetry = () => {
    reloadPanel();
    setAttempt((value) => value + 1);
  };
  return (
    <ChunkLoadBoundary key={attempt} testId="code-editor-load-failed" message={t('loadFailed')} retryLabel={t('retry')} onRetry={handleRetry}>
      <Suspense fallback={<Skeleton variant="rounded" height={360} aria-hidden data-testid="code-editor-loading" />}>
        <CodeEditorPanel {...props} />
      </Suspense>
    </ChunkLoadBoundary>
  );
}
