import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { ChunkLoadBoundary } from '../../components/errors/chunk-load-boundary';
import { i18n } from '../i18n/i18n';
import type { PracticeActionsSlotProps } from '../../features/exam/components/question-view';

// The button, the notebook's texts and the query cache load in their own chunk the first time a
// practice answer shows: the player's first load stays as it was.
const loadButton = async () => {
  const [module] = await Promise.all([import('./practice-keep-button'), i18n.loadNamespaces('notebook')]);
  return { default: module.PracticeKeepButton };
};
const buttons = { current: lazy(loadButton) };

/** The player's practice-actions slot: "Keep in notebook" under the feedback of a question whose answer shows. */
export function PracticeKeepSlot(props: PracticeActionsSlotProps) {
  const { t } = useTranslation('exam');
  const [attempt, setAttempt] = useState(0);
  const Button = buttons.current;
  const handleRetry = () => {
    // React.lazy keeps a failed import; a retry needs a fresh one.
    buttons.current = lazy(loadButton);
    setAttempt((value) => value + 1);
  };
  return (
    <ChunkLoadBoundary key={attempt} testId="practice-actions-load-failed" message={t('practice.actionsLoadFailed')} retryLabel={t('practice.actionsRetry')} onRetry={handleRetry}>
      <Suspense fallback={null}>
        <Button {...props} />
      </Suspense>
    </ChunkLoadBoundary>
  );
}
