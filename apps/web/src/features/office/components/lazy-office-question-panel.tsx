import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import i18n from 'i18next';
import { ChunkLoadBoundary } from '../../../components/errors/chunk-load-boundary';
import type { OfficeQuestionPanelProps } from './office-question-panel';

// The office screen and its texts load in their own chunks, only when an office question shows;
// the spreadsheet engine is a further chunk inside it, for spreadsheet questions only.
const loadPanel = async () => {
  const [module] = await Promise.all([import('./office-question-panel'), i18n.loadNamespaces('office')]);
  return { default: module.OfficeQuestionPanel };
};
const panels = { current: lazy(loadPanel) };

/** React.lazy keeps a failed import; a retry needs a fresh one. */
function reloadPanel() {
  panels.current = lazy(loadPanel);
}

/** The office question screen, loaded on first use; a placeholder holds its place meanwhile. */
export function LazyOfficeQuestionPanel(props: OfficeQuestionPanelProps) {
  const { t } = useTranslation('exam');
  const [attempt, setAttempt] = useState(0);
  const OfficeQuestionPanel = panels.current;
  const handleRetry = () => {
    reloadPanel();
    setAttempt((value) => value + 1);
  };
  return (
    <ChunkLoadBoundary key={attempt} testId="office-load-failed" message={t('editor.officeLoadFailed')} retryLabel={t('editor.officeRetry')} onRetry={handleRetry}>
      <Suspense fallback={<Skeleton variant="rounded" height={360} aria-hidden data-testid="office-panel-loading" />}>
        <OfficeQuestionPanel {...props} />
      </Suspense>
    </ChunkLoadBoundary>
  );
}
