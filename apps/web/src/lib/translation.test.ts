import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './translation';

describe('useTranslation', () => {
  it('gives i18next’s own t, bound to the namespace asked for', () => {
    const { result } = renderHook(() => useTranslation('common'));
    expect(result.current.t('save')).toBe('Save');
    expect(result.current.t('pageTitles.login')).toBe('Sign in');
    expect(result.current.t('common:cancel')).toBe('Cancel');
  });
});

/** Compiled, never run: the keys `t()` refuses (the web type check fails if one is let through). */
export function useRefusedKeys() {
  const { t } = useTranslation('common');
  // @ts-expect-error -- no such key in `common`
  t('saev');
  // @ts-expect-error -- a group is no text
  t('pageTitles');
  // @ts-expect-error -- `notes` is not loaded by this `t`: ask for ['common', 'notes']
  t('notes:title');
  // @ts-expect-error -- a catalogue key needs `{ ns: 'messages' }` or the prefix
  t('passwordRequired');
  t('passwordRequired', { ns: 'messages' });
  t('messages:passwordRequired');
  const { t: tn } = useTranslation(['notes', 'common']);
  tn('common:save');
  // @ts-expect-error -- only the first namespace's keys go without a prefix
  tn('appName');
}
