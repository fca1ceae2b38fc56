import { OFFICE_EVAL_COUNTDOWN_SECONDS, type OfficeFile, type OfficeKind, type SessionQuestion } from '@app/contracts';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { officeApi, type OfficeApi } from '../api/office-api';
import { useOfficeEvaluation } from '../hooks/use-office-evaluation';
import { editorUserName } from '../model/editor-user';
import { readSavedResult, type OfficeAnswer } from '../model/office-result';
import { formatPercentage, SCORE_PALETTE, scoreColour } from '../model/office-score';
import { DocumentServerEditor } from './document-server-editor';
import { FileExchange } from './file-exchange';
import { LazySpreadsheetEditor } from './lazy-spreadsheet-editor';
import { OfficeResultDialog } from './office-result-dialog';
import { ProcessingOverlay } from './processing-overlay';
import { QuestionDrawer } from './question-drawer';
import { SolutionView } from './solution-view';
import type { SpreadsheetExporter } from './spreadsheet-editor';

/** What the panel needs of an office question: the contract's session question, in part. */
export type OfficeQuestion = Pick<SessionQuestion, 'questionID' | 'questionTitle' | 'questionData' | 'contentType' | 'instructions' | 'answerData'> & {
  questionType: OfficeKind;
};

export interface OfficeQuestionPanelProps {
  taskID: number;
  TestSessionID: string;
  question: OfficeQuestion;
  /** The answer was revealed (practice): nothing may change any more. */
  isLocked: boolean;
  /** The signed-in student: the e-mail gives the editor user name (spec 001 §6). */
  user: { email: string | null; userName: string };
  /** The question the player shows now (a spreadsheet's result applies only to it). */
  getActiveQuestionID: () => number;
  /** Hands each evaluation's result to the player, which saves it with the answer. */
  onAnswer: (answer: OfficeAnswer) => void;
  /** Tests replace the calls. */
  api?: OfficeApi;
  /** Debounce of the spreadsheet's autosave. */
  autosaveDelayMs?: number;
}

type TabId = 'editor' | 'evaluate' | 'solution';
type SaveState = 'saved' | 'dirty' | 'saving' | 'failed';

/** Spreadsheet autosave: this long after the last change (the player keeps its own state every 1.5 s). */
export const AUTOSAVE_DELAY_MS = 1500;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isNetwork ? error.message : fallback;
}

/**
 * The office-document question screen (spec 001 §2): EDITOR and EVALUATE tabs, the solution in a
 * third where the test's review setting allows it, the Question drawer, the evaluation countdown,
 * the "Processing your file" overlay and the RESULT popup. A spreadsheet is edited in the page and
 * saved to the server as the student works; a document or presentation is downloaded, edited in
 * any office app and uploaded back; an ONLYOFFICE server replaces both when configured.
 */
export function OfficeQuestionPanel({
  taskID,
  TestSessionID,
  question,
  isLocked,
  user,
  getActiveQuestionID,
  onAnswer,
  api = officeApi,
  autosaveDelayMs = AUTOSAVE_DELAY_MS,
}: OfficeQuestionPanelProps) {
  const { t, i18n } = useTranslation('office');
  const kind = question.questionType;
  const { questionID } = question;
  const idPrefix = useId().replace(/:/g, '');
  const [tab, setTab] = useState<TabId>('editor');
  const [hasOpenedSolution, setHasOpenedSolution] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [file, setFile] = useState<OfficeFile | null>(null);
  const [source, setSource] = useState<Blob | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [lastResult, setLastResult] = useState<OfficeAnswer | null>(() => readSavedResult(question.answerData, i18n.language));

  const fileRef = useRef<OfficeFile | null>(null);
  fileRef.current = file;
  const usesSheet = kind === 'xlsx' && file?.editor === 'builtin';

  // The working copy: made from the stamped start file the first time, the last save afterwards
  // (a reload or another device goes on from there). Asked again when the answer is revealed: the
  // copy is then closed, and the solution may open.
  useEffect(() => {
    let isCurrent = true;
    setLoadError(null);
    (async () => {
      const copy = await api.workingCopy({ taskID, questionID, TestSessionID, contentType: null, username: editorUserName(user.email, user.userName) });
      if (!isCurrent) return;
      setFile(copy);
      if (copy.kind === 'xlsx' && copy.editor === 'builtin') {
        const { blob } = await api.download(copy.path);
        if (isCurrent) setSource(blob);
      }
    })().catch((error: unknown) => isCurrent && setLoadError(messageOf(error, t('loadFailed'))));
    return () => {
      isCurrent = false;
    };
  }, [api, taskID, questionID, TestSessionID, user.email, user.userName, loadAttempt, isLocked, t]);

  // ---- Spreadsheet autosave (debounced), flushed before an evaluation and when leaving. ----
  const exporterRef = useRef<SpreadsheetExporter | null>(null);
  const isDirtyRef = useRef(false);
  const timerRef = useRef<number | undefined>(undefined);
  const savingRef = useRef<Promise<void> | null>(null);
  const isMountedRef = useRef(true);

  const saveNow = useCallback(async (): Promise<void> => {
    window.clearTimeout(timerRef.current);
    while (savingRef.current) await savingRef.current.catch(() => undefined);
    const current = fileRef.current;
    const exporter = exporterRef.current;
    if (!isDirtyRef.current || !current || !exporter) return;
    isDirtyRef.current = false;
    if (isMountedRef.current) setSaveState('saving');
    const saving = (async () => {
      try {
        const blob = await exporter();
        const saved = await api.upload(current.path, blob, current.fileName);
        if (!isMountedRef.current) return;
        setFile(saved);
        setSaveError(null);
        setSaveState(isDirtyRef.current ? 'dirty' : 'saved');
      } catch (error) {
        isDirtyRef.current = true;
        if (isMountedRef.current) {
          setSaveError(messageOf(error, t('loadFailed')));
          setSaveState('failed');
        }
        throw error;
      }
    })();
    savingRef.current = saving;
    try {
      await saving;
    } finally {
      if (savingRef.current === saving) savingRef.current = null;
    }
  }, [api, t]);

  const handleEdit = useCallback(() => {
    isDirtyRef.current = true;
    setSaveState('dirty');
    window.clearTimeout(timerRef.current);
    timerRef.current = window.setTimeout(() => void saveNow().catch(() => undefined), autosaveDelayMs);
  }, [autosaveDelayMs, saveNow]);

  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      isMountedRef.current = false;
      // Leaving the question: the last changes go to the server now.
      if (isDirtyRef.current) void saveNow().catch(() => undefined);
    };
  }, [saveNow]);

  // ---- Evaluation ----
  const countdown = useCountdown();
  const prepare = useCallback(async () => {
    await saveNow();
    const current = fileRef.current;
    if (!current) throw new Error('No working copy');
    return { path: current.path, contentType: current.contentType };
  }, [saveNow]);
  const handleStored = useCallback(
    (answer: OfficeAnswer) => {
      setLastResult(answer);
      onAnswer(answer);
    },
    [onAnswer],
  );
  const evaluation = useOfficeEvaluation({
    kind,
    taskID,
    questionID,
    TestSessionID,
    userName: editorUserName(user.email, user.userName),
    userId: null,
    getActiveQuestionID,
    prepare,
    onStored: handleStored,
    api,
  });
  const { isRunning, popup, isCapped } = evaluation.state;
  const handleEvaluate = () => {
    countdown.start(OFFICE_EVAL_COUNTDOWN_SECONDS * 1000);
    void evaluation.start();
  };

  const selectTab = (next: TabId) => {
    setTab(next);
    if (next === 'solution') setHasOpenedSolution(true);
  };

  const tabId = (name: TabId) => `${idPrefix}-tab-${name}`;
  const panelId = (name: TabId) => `${idPrefix}-panel-${name}`;
  const keyboardHelpId = `${idPrefix}-sheet-help`;
  const canEdit = !isLocked && Boolean(file?.editable);
  const filePath = file?.path;
  const fileName = file?.fileName;
  // Stable while the file is the same: the document editor is mounted again only for another file.
  const loadEditorConfig = useCallback(() => api.editorConfig(filePath ?? '', fileName), [api, filePath, fileName]);
  const solutionAvailable = Boolean(file?.solutionAvailable);

  let editor: React.ReactNode;
  if (loadError) {
    editor = (
      <Alert
        severity="error"
        data-testid="office-load-failed"
        action={
          <Button color="inherit" size="small" onClick={() => setLoadAttempt((value) => value + 1)}>
            {t('retry')}
          </Button>
        }
      >
        {loadError}
      </Alert>
    );
  } else if (!file) {
    editor = <Skeleton role="progressbar" variant="rounded" height={320} aria-label={t('sheet.loading')} />;
  } else if (file.editor === 'onlyoffice') {
    editor = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <DocumentServerEditor loadConfig={loadEditorConfig} label={t('documentServer.label')} />
        <FileExchange file={file} kind={kind} isLocked={isLocked} intro="alsoDownload" api={api} onUploaded={setFile} />
      </Box>
    );
  } else if (usesSheet) {
    editor = (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography id={keyboardHelpId} variant="body2" color="text.secondary">
          {t('sheet.keyboard')}
        </Typography>
        {source ? (
          <LazySpreadsheetEditor
            source={source}
            fileName={file.fileName}
            isReadOnly={!canEdit}
            label={t('sheet.label')}
            describedBy={keyboardHelpId}
            loadingLabel={t('sheet.loading')}
            onEdit={handleEdit}
            exporterRef={exporterRef}
            onLoadFailed={() => setLoadError(t('loadFailed'))}
          />
        ) : (
          <Skeleton role="progressbar" variant="rounded" height={420} aria-label={t('sheet.loading')} />
        )}
        <SaveStatus state={saveState} error={saveError} onRetry={() => void saveNow().catch(() => undefined)} />
        {isLocked && (
          <Typography variant="body2" color="text.secondary">
            {t('sheet.readOnly')}
          </Typography>
        )}
        <FileExchange
          file={file}
          kind={kind}
          isLocked={isLocked}
          intro="alsoDownload"
          api={api}
          onUploaded={(saved) => {
            // The uploaded workbook replaces what the sheet shows.
            isDirtyRef.current = false;
            setSaveState('saved');
            setFile(saved);
            void api.download(saved.path).then(({ blob }) => setSource(blob));
          }}
        />
      </Box>
    );
  } else {
    editor = <FileExchange file={file} kind={kind} isLocked={isLocked} intro="steps" api={api} onUploaded={setFile} />;
  }

  return (
    <Box component="section" aria-label={t('title')} data-testid="office-panel" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
        <Tabs value={tab} onChange={(_, next: TabId) => selectTab(next)} aria-label={t('tabs.label')} variant="scrollable" allowScrollButtonsMobile sx={{ flex: 1, minWidth: 0 }}>
          <Tab value="editor" label={t('tabs.editor')} id={tabId('editor')} aria-controls={panelId('editor')} />
          <Tab value="evaluate" label={t('tabs.evaluate')} id={tabId('evaluate')} aria-controls={panelId('evaluate')} />
          {solutionAvailable && <Tab value="solution" label={t('tabs.solution')} id={tabId('solution')} aria-controls={panelId('solution')} />}
        </Tabs>
        <Button variant="outlined" size="small" startIcon={<AssignmentOutlinedIcon />} onClick={() => setIsDrawerOpen(true)} sx={{ mb: 0.5 }}>
          {t('question.open')}
        </Button>
      </Box>

      {/* The editor stays mounted while another tab shows, so the sheet keeps its place and its undo history. */}
      <Box role="tabpanel" id={panelId('editor')} aria-labelledby={tabId('editor')} hidden={tab !== 'editor'} sx={{ minWidth: 0 }}>
        {editor}
      </Box>

      <Box role="tabpanel" id={panelId('evaluate')} aria-labelledby={tabId('evaluate')} hidden={tab !== 'evaluate'} sx={{ display: tab === 'evaluate' ? 'grid' : undefined, gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('evaluate.intro')}
        </Typography>
        <div>
          <Button variant="contained" disabled={isRunning || !canEdit} onClick={handleEvaluate} data-testid="office-evaluate">
            {t('evaluate.button')}
          </Button>
        </div>
        {isRunning && (
          <Typography variant="body2" role="status">
            {countdown.secondsLeft > 0 ? t('evaluate.running', { seconds: countdown.secondsLeft }) : t('evaluate.stillRunning')}
          </Typography>
        )}
        {isCapped && <Alert severity="warning">{t('evaluate.capped')}</Alert>}
        <LastResult result={lastResult} />
      </Box>

      {solutionAvailable && (
        <Box role="tabpanel" id={panelId('solution')} aria-labelledby={tabId('solution')} hidden={tab !== 'solution'}>
          {hasOpenedSolution && file && (
            <SolutionView kind={kind} questionRef={{ taskID, questionID, TestSessionID }} useDocumentServer={file.editor === 'onlyoffice'} api={api} />
          )}
        </Box>
      )}

      <QuestionDrawer isOpen={isDrawerOpen} kind={kind} question={question} onClose={() => setIsDrawerOpen(false)} />
      <ProcessingOverlay isOpen={isRunning} secondsLeft={countdown.secondsLeft} />
      <OfficeResultDialog popup={popup} onClose={evaluation.closePopup} />
    </Box>
  );
}

function SaveStatus({ state, error, onRetry }: { state: SaveState; error: string | null; onRetry: () => void }) {
  const { t } = useTranslation('office');
  if (state === 'failed')
    return (
      <Alert
        severity="error"
        data-testid="office-save-status"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('save.retry')}
          </Button>
        }
      >
        {t('save.failed', { message: error ?? '' })}
      </Alert>
    );
  return (
    <Typography variant="caption" color="text.secondary" role="status" data-testid="office-save-status">
      {state === 'saving' ? t('save.saving') : state === 'dirty' ? t('save.unsaved') : t('save.saved')}
    </Typography>
  );
}

function LastResult({ result }: { result: OfficeAnswer | null }) {
  const { t } = useTranslation('office');
  if (!result)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('evaluate.never')}
      </Typography>
    );
  const colour = scoreColour(result.percentage);
  return (
    <Box data-testid="office-last-result">
      <Typography variant="subtitle2" component="h3">
        {t('evaluate.lastResult')}
      </Typography>
      <Typography variant="body2">
        {t('result.percentage')}:{' '}
        <Box component="span" sx={{ color: SCORE_PALETTE[colour], fontWeight: 600 }}>
          {formatPercentage(result.percentage)}%
        </Box>
      </Typography>
      {result.unmatched.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('result.unmatched')}: {result.unmatched.join(', ')}
        </Typography>
      )}
    </Box>
  );
}
