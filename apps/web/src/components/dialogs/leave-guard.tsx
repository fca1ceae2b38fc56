import { useCallback } from 'react';
import { useTranslation } from '../../lib/translation';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useLeaveWarning } from '../../hooks/use-leave-warning';
import { UnsavedWorkDialog } from './unsaved-work-dialog';

/**
 * A page form with unsaved work asks before it is left: a move to another page or query in the
 * app (a link, the page's Back button, the browser's Back) opens a dialog where staying is the
 * default; closing or reloading the tab gets the browser's own prompt. Pass false while a save is
 * in flight, so the page's own move after the save is not held.
 */
export function LeaveGuard({ hasUnsavedWork }: { hasUnsavedWork: boolean }) {
  const { t } = useTranslation('common');
  useLeaveWarning(hasUnsavedWork);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedWork &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [hasUnsavedWork],
  );
  const blocker = useBlocker(shouldBlock);

  return (
    <UnsavedWorkDialog
      isOpen={blocker.state === 'blocked'}
      title={t('leaveTitle')}
      text={t('leaveText')}
      dropText={t('leave')}
      keepText={t('stay')}
      onDrop={() => blocker.proceed?.()}
      onKeep={() => blocker.reset?.()}
    />
  );
}
