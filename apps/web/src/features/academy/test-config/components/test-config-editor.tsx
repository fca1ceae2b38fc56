import type { TestSettings } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { asMessageKey, useTranslation, type TextsOf } from '../../../../lib/translation';
import { PageCard } from '../../../../components/layout/page-card';
import { PendingButton } from '../../../../components/pending-button';
import { useNotify } from '../../../../hooks/use-notify';
import { usePublishTestConfig, useSaveTestSections, useTestConfig, useUpdateTestConfig } from '../api/test-config-api';
import { saveBodyOf, sectionsOf, type EditableSection } from '../model/test-config-model';
import { TestAudienceNote } from './test-audience-note';
import { TestPreviewDialog } from './test-preview-dialog';
import { TestSectionsEditor } from './test-sections-editor';
import { TestSettingsForm } from './test-settings-form';

/** One test's configuration: settings, sections, what stops publishing, publish and preview. */
export function TestConfigEditor({ testId, onBack }: { testId: number; onBack: () => void }) {
  const { t } = useTranslation('testConfig');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  const { data: config, isLoading, error, refetch } = useTestConfig(testId);
  const update = useUpdateTestConfig();
  const saveSections = useSaveTestSections();
  const publish = usePublishTestConfig();
  const [isPreviewing, setIsPreviewing] = useState(false);
  // The part saved last: mounted afresh with the stored copy, it takes focus back on its Save button.
  const [lastSaved, setLastSaved] = useState<'settings' | 'sections' | null>(null);
  const savedAndFocus = (part: 'settings' | 'sections') => {
    setLastSaved(part);
    notify.success(t('saved'));
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
      {t('back')}
    </Button>
  );
  if (isLoading) return <PageCard title={t('title')} toolbar={back}><CircularProgress aria-label={t('title')} /></PageCard>;
  if (error || !config) {
    return (
      <PageCard title={t('title')} toolbar={back}>
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      </PageCard>
    );
  }

  // Each part starts again from the server's copy only when that part changed there, so saving
  // the settings keeps unsaved section edits (and the other way round).
  const isReadOnly = !config.isEditable;
  const isLocked = config.attemptCount > 0;
  const handleSettings = (settings: TestSettings) =>
    update.mutate({ testId, settings, updatedAt: config.updatedAt }, { onSuccess: () => savedAndFocus('settings'), onError: (e) => notify.apiError(e) });
  const handleSections = (sections: EditableSection[]) =>
    saveSections.mutate(saveBodyOf(testId, sections), { onSuccess: () => savedAndFocus('sections'), onError: (e) => notify.apiError(e) });
  const handlePublish = () =>
    publish.mutate({ testId, isPublished: !config.isPublished }, { onError: (e) => notify.apiError(e) });

  return (
    <PageCard
      title={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
          <span>{config.settings.name}</span>
          <Chip size="small" color={config.isPublished ? 'success' : 'default'} label={config.isPublished ? t('published') : t('draft')} />
        </Stack>
      }
      toolbar={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {back}
          <Button variant="outlined" onClick={() => setIsPreviewing(true)}>
            {t('preview')}
          </Button>
          {!isReadOnly && (
            <PendingButton variant="contained" onClick={handlePublish} isPending={publish.isPending}>
              {config.isPublished ? t('unpublish') : t('publish')}
            </PendingButton>
          )}
        </Stack>
      }
    >
      <Stack spacing={3}>
        {isReadOnly && <Alert severity="info">{t('readOnly')}</Alert>}
        <TestAudienceNote audience={config.audience} isPublished={config.isPublished} />
        {isLocked && <Alert severity="warning">{t('locked', { count: config.attemptCount })}</Alert>}
        {config.problems.length > 0 ? (
          <Alert severity="warning" role="status">
            <AlertTitle>{t('problemsTitle')}</AlertTitle>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {config.problems.map((p) => (
                <li key={`${p.field}-${p.key}`}>{describeField(p.field, config.sections.map((s) => s.name), t)}{tm(asMessageKey(p.key))}</li>
              ))}
            </ul>
          </Alert>
        ) : (
          !config.isPublished && <Alert severity="success" role="status">{t('readyToPublish')}</Alert>
        )}
        <section aria-labelledby="tc-settings">
          <Typography id="tc-settings" variant="h6" component="h2" gutterBottom>
            {t('settingsTitle')}
          </Typography>
          <TestSettingsForm key={JSON.stringify(config.settings)} focusSave={lastSaved === 'settings'} settings={config.settings} isLocked={isLocked} isReadOnly={isReadOnly} isSaving={update.isPending} onSave={handleSettings} />
        </section>
        <Divider />
        <TestSectionsEditor
          key={JSON.stringify(config.sections)}
          focusSave={lastSaved === 'sections'}
          initial={sectionsOf(config)}
          courseId={config.settings.courseId}
          sectionWiseTimer={config.settings.sectionWiseTimer}
          isReadOnly={isReadOnly}
          isSaving={saveSections.isPending}
          onSave={handleSections}
        />
      </Stack>
      {isPreviewing && <TestPreviewDialog testId={testId} name={config.settings.name} onClose={() => setIsPreviewing(false)} />}
    </PageCard>
  );
}

/** "Physics: " before a section's problem, so the list says where to look. */
function describeField(field: string, sectionNames: string[], t: TextsOf<'testConfig'>): string {
  const match = /^sections\.(\d+)/.exec(field);
  if (!match) return '';
  const index = Number(match[1]);
  return `${t('sectionHeading', { n: index + 1, name: sectionNames[index] ?? '' })} — `;
}
