import { SUPPORTED_LANGUAGES, type AuthoringQuestion } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { useNotify } from '../../../hooks/use-notify';
import { describeError } from '../../../lib/error-message';
import { useQuestion, useSaveQuestion } from '../api/question-bank-api';
import { emptyQuestionForm, fromAuthoring, toCreateBody, toUpdateBody, type QuestionFormValues } from '../model/question-form';
import { previewScheme, toSessionQuestion, type QuestionPreviewProps } from '../model/question-preview';
import { QuestionEditorForm } from './question-editor-form';
import { RegradePanel } from './regrade-panel';
import { VersionHistory } from './version-history';

type EditorTab = 'edit' | 'preview' | 'history' | 'regrade';

export interface QuestionEditorProps {
  /** Null for a new question. */
  questionId: number | null;
  onBack: () => void;
  onCreated: (questionId: number) => void;
  /** The player's view of a question (composed by the page). */
  renderPreview: (props: QuestionPreviewProps) => ReactNode;
}

function PreviewPanel({ values, questionId, renderPreview }: { values: QuestionFormValues; questionId: number; renderPreview: QuestionEditorProps['renderPreview'] }) {
  const { t } = useTranslation('questionBank');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
      {SUPPORTED_LANGUAGES.map((language) => {
        const question = toSessionQuestion(values, language, questionId);
        if (!question) return null;
        return (
          <Paper key={language} variant="outlined" component="section" aria-label={t('editor.previewIn', { language: t(`languages.${language}`) })} sx={{ p: 2, minWidth: 0 }} lang={language === 'tn' ? 'ta' : 'en'}>
            <Typography variant="overline" component="h2">
              {t('editor.previewIn', { language: t(`languages.${language}`) })}
            </Typography>
            {previewScheme(values) === 'jee-advanced' && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="preview-marking">
                {t('editor.previewMarkingJeeAdvanced', { negative: values.negativeMarks })}
              </Typography>
            )}
            {renderPreview({ question, language })}
          </Paper>
        );
      })}
    </Box>
  );
}

/** One question: edit, preview in both languages, version history and regrade; or a new one. */
export function QuestionEditor({ questionId, onBack, onCreated, renderPreview }: QuestionEditorProps) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  const [tab, setTab] = useState<EditorTab>('edit');
  const [viewVersion, setViewVersion] = useState<number | undefined>(undefined);
  const [previewValues, setPreviewValues] = useState<QuestionFormValues | null>(null);
  const getValues = useRef<(() => QuestionFormValues) | null>(null);
  const question = useQuestion(questionId, viewVersion);
  const save = useSaveQuestion();
  const isNew = questionId === null;

  const handleSubmit = (values: QuestionFormValues, loaded: AuthoringQuestion | undefined) => {
    if (isNew) {
      save.mutate(
        { create: toCreateBody(values) },
        {
          onSuccess: ({ body }) => {
            notify.success(t('editor.created', { id: body.questionId }));
            onCreated(body.questionId);
          },
        },
      );
      return;
    }
    if (!loaded) return;
    save.mutate(
      { update: toUpdateBody(values, loaded.questionId, loaded.currentVersion) },
      {
        onSuccess: ({ body }) =>
          notify.success(body.currentVersion > loaded.currentVersion ? t('editor.savedNewVersion', { version: body.currentVersion }) : t('editor.savedSameVersion')),
      },
    );
  };

  const handleTab = (next: EditorTab) => {
    if (next === 'preview' && getValues.current) setPreviewValues(getValues.current());
    setTab(next);
  };

  const title = isNew ? t('editor.createTitle') : t('editor.editTitle', { id: questionId });
  const toolbar = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
      {t('back')}
    </Button>
  );

  if (!isNew && question.isLoading)
    return (
      <PageCard title={title} toolbar={toolbar}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('editor.saving')} />
        </Box>
      </PageCard>
    );
  if (!isNew && (question.error || !question.data)) {
    const described = describeError(question.error);
    return (
      <PageCard title={title} toolbar={toolbar}>
        <Alert severity="error">{'key' in described ? tm(described.key) : described.text}</Alert>
      </PageCard>
    );
  }

  const loaded = question.data;
  const isPastVersion = Boolean(loaded && loaded.version.version !== loaded.currentVersion);
  const initialValues = loaded ? fromAuthoring(loaded) : emptyQuestionForm();
  const formKey = loaded ? `${loaded.questionId}-${loaded.version.version}-${loaded.updatedAt}` : 'new';

  const tabs: Array<{ value: EditorTab; label: string }> = [
    { value: 'edit', label: t('editor.tabs.edit') },
    { value: 'preview', label: t('editor.tabs.preview') },
    ...(isNew
      ? []
      : [
          { value: 'history' as const, label: t('editor.tabs.history') },
          { value: 'regrade' as const, label: t('editor.tabs.regrade') },
        ]),
  ];

  return (
    <PageCard title={title} toolbar={toolbar}>
      <Stack spacing={2}>
        {isPastVersion && loaded && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => setViewVersion(undefined)}>
                {t('editor.showCurrent')}
              </Button>
            }
          >
            {t('editor.viewingVersion', { version: loaded.version.version, current: loaded.currentVersion })}
          </Alert>
        )}
        <Tabs value={tab} onChange={(_event, next: EditorTab) => handleTab(next)} variant="scrollable" allowScrollButtonsMobile aria-label={title}>
          {tabs.map((item) => (
            <Tab key={item.value} value={item.value} label={item.label} id={`question-tab-${item.value}`} aria-controls={`question-panel-${item.value}`} />
          ))}
        </Tabs>
        {/* The form stays mounted while another tab shows, so unsaved edits survive a look at the preview. */}
        <Box role="tabpanel" id="question-panel-edit" aria-labelledby="question-tab-edit" hidden={tab !== 'edit'}>
          <QuestionEditorForm
            key={formKey}
            initialValues={initialValues}
            isNew={isNew}
            isEditable={(loaded?.isEditable ?? true) && !isPastVersion}
            currentVersion={loaded?.currentVersion ?? null}
            isSaving={save.isPending}
            onSubmit={(values) => handleSubmit(values, loaded)}
            onPreview={(values) => {
              setPreviewValues(values);
              setTab('preview');
            }}
            getValuesRef={getValues}
            questionId={questionId}
          />
        </Box>
        {tab === 'preview' && (
          <Box role="tabpanel" id="question-panel-preview" aria-labelledby="question-tab-preview">
            <PreviewPanel values={previewValues ?? initialValues} questionId={questionId ?? 0} renderPreview={renderPreview} />
          </Box>
        )}
        {tab === 'history' && loaded && (
          <Box role="tabpanel" id="question-panel-history" aria-labelledby="question-tab-history">
            <VersionHistory
              question={loaded}
              onView={(version) => {
                setViewVersion(version === loaded.currentVersion ? undefined : version);
                setTab('edit');
              }}
            />
          </Box>
        )}
        {tab === 'regrade' && loaded && (
          <Box role="tabpanel" id="question-panel-regrade" aria-labelledby="question-tab-regrade">
            <RegradePanel question={loaded} />
          </Box>
        )}
      </Stack>
    </PageCard>
  );
}
