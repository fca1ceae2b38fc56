import type { TestAudience } from '@app/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { intlLocale } from '../../../../lib/date-time';
import { audienceLines } from '../model/test-audience';

/** "Who can take it now": the institutes, classes and windows a test is open to (decision 038). */
export function TestAudienceNote({ audience, isPublished }: { audience: TestAudience; isPublished: boolean }) {
  const { t, i18n } = useTranslation('testConfig');
  const format = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // The moment the screen opened: a window's "open now" is read against it.
  const [now] = useState(() => Date.now());
  const lines = audienceLines(audience, isPublished, now, format);
  return (
    <Alert severity="info" role="note" aria-labelledby="tc-audience">
      <AlertTitle id="tc-audience">{t('audienceTitle')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {lines.map((line, i) => (
          <li key={`${line.key}-${i}`}>{t(line.key, line.values)}</li>
        ))}
      </ul>
    </Alert>
  );
}
