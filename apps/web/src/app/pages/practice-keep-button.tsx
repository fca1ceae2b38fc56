import type { PracticeActionsSlotProps } from '../../features/exam/components/question-view';
import { KeepInNotebookButton } from '../../features/notebook/components/keep-button';
import { QueryCacheProvider } from '../query-provider';

/** "Keep in notebook" under an open practice's feedback, with the app's query cache around it (the player has none). */
export function PracticeKeepButton({ attemptId, mapId, number }: PracticeActionsSlotProps) {
  return (
    <QueryCacheProvider>
      <KeepInNotebookButton attemptId={attemptId} mapId={mapId} number={number} />
    </QueryCacheProvider>
  );
}
