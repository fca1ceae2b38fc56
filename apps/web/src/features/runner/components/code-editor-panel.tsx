import {
  PASTE_GUARD_CHARS,
  RUN_COUNTDOWN_DEFAULT_S,
  RUN_CUSTOM_INPUT_MAX_LENGTH,
  type ProgrammingLanguage,
  type QuestionDetails,
  type RunType,
  type SessionQuestion,
} from '@app/contracts';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { env } from '../../../config/env';
import { useCountdown } from '../../../hooks/use-countdown';
import { useCodeRun, type CodeRunApi } from '../hooks/use-code-run';
import { DEFAULT_THEME_ID, themeById, themesFor, type EditorVariant } from '../model/editor-themes';
import { parseAllowedLanguages, stubFor } from '../model/languages';
import type { BlockedAction } from '../model/paste-guard';
import { canReuseSubmission, readSavedAnswer, readStoredResult, type ProgramAnswer } from '../model/program-answer';
import { draftKey, initialProgram, readDraft, writeDraft, type ProgramDraft } from '../model/program-draft';
import { isStaffEmail } from '../model/staff';
import { CodeMirrorEditor } from './code-mirror-editor';
import { RunResults } from './run-results';

/**
 * What the panel needs of a programming question: the contract's session question, in part. Its
 * answerData is a ProgramAnswer once the student has run or submitted.
 */
export type ProgrammingQuestion = Pick<SessionQuestion, 'questionID' | 'answerData'> & {
  questionDetails: Pick<QuestionDetails, 'codeStubs' | 'allowedLanguages'> | null;
  sampleInputOutputs?: ReadonlyArray<{ inputData: string }>;
};

export interface CodeEditorPanelProps {
  taskID: number;
  TestSessionID: string;
  question: ProgrammingQuestion;
  /** The answer was revealed (practice): nothing may change any more. */
  isLocked: boolean;
  /** The signed-in user's e-mail: staff on the provider's domain are exempt from the paste rules. */
  userEmail: string | null;
  /** The exam's IsEditorAllowed picks the variant (spec 001 §6); enhanced when not given. */
  variant?: EditorVariant;
  staffEmailDomain?: string;
  /** Hands each Run's and Submit's answer to the player, which saves it. */
  onAnswer: (answer: ProgramAnswer) => void;
  /** Called after a Submit (or a reused one) so the player moves on. */
  onAdvance?: () => void;
  /** Tests replace the runner calls. */
  api?: CodeRunApi;
}

const THEME_KEY = 'codeEditorTheme';
const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The programming answer area (spec 001 §2, §4, §5): language, theme, Reset, the CodeMirror
 * editor with the paste rules, custom input, Run and Submit code with polling and a countdown, and
 * the result of each test case. The editor's submit is named "Submit code" and leaves the screen
 * once the answer is shown, so it is never confused with the player's Submit.
 */
export function CodeEditorPanel({
  taskID,
  TestSessionID,
  question,
  isLocked,
  userEmail,
  variant = 'enhanced',
  staffEmailDomain = env.staffEmailDomain,
  onAnswer,
  onAdvance,
  api,
}: CodeEditorPanelProps) {
  const { t } = useTranslation('runner');
  const details = question.questionDetails;
  const languages = useMemo(() => parseAllowedLanguages(details?.allowedLanguages), [details?.allowedLanguages]);
  const saved = readSavedAnswer(question.answerData);
  const storageKey = draftKey(TestSessionID, question.questionID);
  const [program, setProgram] = useState<ProgramDraft>(() =>
    initialProgram({ languages, details, saved, draft: readDraft(storageKey) }),
  );
  const [docVersion, setDocVersion] = useState(0);
  const [themeId, setThemeId] = useState(() => themeById(localStorage.getItem(THEME_KEY) ?? DEFAULT_THEME_ID, variant).id);
  const [isCustomInput, setIsCustomInput] = useState(false);
  const [customInput, setCustomInput] = useState('');
  const [notice, setNotice] = useState<{ severity: 'info' | 'warning'; text: string } | null>(null);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [activeType, setActiveType] = useState<RunType>('run');
  const isExempt = isStaffEmail(userEmail, staffEmailDomain);

  const language = program.language;
  const code = program.codes[language] ?? '';
  const isEmpty = code.trim().length === 0;

  const countdown = useCountdown();
  const runner = useCodeRun({
    taskID,
    questionID: question.questionID,
    TestSessionID,
    networkMessage: t('runnerUnreachable'),
    onStored: onAnswer,
    api,
  });
  const { state } = runner;

  // The draft follows the typing, a little behind; leaving the question writes it at once.
  const programRef = useRef(program);
  programRef.current = program;
  useEffect(() => {
    const id = window.setTimeout(() => writeDraft(storageKey, program), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [program, storageKey]);
  useEffect(() => () => writeDraft(storageKey, programRef.current), [storageKey]);

  const replaceProgram = (next: ProgramDraft) => {
    setProgram(next);
    setDocVersion((version) => version + 1);
  };

  const handleChange = (value: string) => setProgram((current) => ({ ...current, codes: { ...current.codes, [current.language]: value } }));

  const handleLanguage = (next: ProgrammingLanguage) => {
    if (next === language) return;
    replaceProgram({ language: next, codes: { ...program.codes, [next]: program.codes[next] ?? stubFor(details, next) } });
  };

  const handleReset = () => {
    setIsResetOpen(false);
    replaceProgram({ ...program, codes: { ...program.codes, [language]: stubFor(details, language) } });
  };

  const handleTheme = (id: string) => {
    setThemeId(id);
    localStorage.setItem(THEME_KEY, id);
  };

  const handleBlocked = (action: BlockedAction) =>
    setNotice({ severity: 'warning', text: action === 'paste' || action === 'drop' ? t('pasteBlocked', { count: PASTE_GUARD_CHARS }) : t('copyBlocked') });

  const handleRun = async () => {
    setNotice(null);
    setActiveType('run');
    countdown.start(RUN_COUNTDOWN_DEFAULT_S * 1000);
    await runner.start({ type: 'run', sourceCode: code, language, customInput: isCustomInput ? customInput : null });
  };

  const handleSubmit = async () => {
    setNotice(null);
    // Submit-and-advance: the same program was already judged, so its answer stands (spec 001 §4).
    if (canReuseSubmission(saved, code, language)) {
      onAnswer(saved!);
      setNotice({ severity: 'info', text: t('reused') });
      onAdvance?.();
      return;
    }
    setActiveType('submit');
    countdown.start(RUN_COUNTDOWN_DEFAULT_S * 1000);
    const outcome = await runner.start({ type: 'submit', sourceCode: code, language });
    if (outcome.kind === 'done') onAdvance?.();
  };

  const toggleCustomInput = (checked: boolean) => {
    setIsCustomInput(checked);
    if (checked && customInput === '') setCustomInput(question.sampleInputOutputs?.[0]?.inputData ?? '');
  };

  // The latest result: this visit's, else the one saved with the answer.
  const stored = state.details ? null : readStoredResult(saved);
  const shown = state.details
    ? { type: state.type ?? 'run', statusCode: state.details.statusCode, result: state.details.resultDesc }
    : stored && saved
      ? { type: stored.type, statusCode: saved.statusCode ?? stored.verdict, result: stored }
      : null;

  if (languages.length === 0) {
    return <Alert severity="error">{t('noLanguage')}</Alert>;
  }

  const isBusy = runner.isBusy;
  const canAct = !isBusy && !isLocked && !isEmpty;
  const theme = themeById(themeId, variant);

  return (
    <Box component="section" aria-label={t('title')} data-testid="code-editor-panel" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 120 }}>
          {t('title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('language')}
          value={language}
          disabled={isBusy || isLocked}
          onChange={(event) => handleLanguage(event.target.value as ProgrammingLanguage)}
          sx={{ minWidth: 120 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'language-select' } } }}
        >
          {languages.map((label) => (
            <MenuItem key={label} value={label}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('theme')} value={theme.id} onChange={(event) => handleTheme(event.target.value)} sx={{ minWidth: 170 }}>
          {themesFor(variant).map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.label} ({item.isDark ? t('themeDark') : t('themeLight')})
            </MenuItem>
          ))}
        </TextField>
        <Button variant="text" startIcon={<RestartAltIcon />} disabled={isBusy || isLocked} onClick={() => setIsResetOpen(true)}>
          {t('reset')}
        </Button>
      </Stack>

      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} data-testid="editor-notice">
          {notice.text}
        </Alert>
      )}

      <CodeMirrorEditor
        value={code}
        docVersion={docVersion}
        language={language}
        variant={variant}
        themeId={theme.id}
        isReadOnly={isLocked}
        isRestrictionExempt={isExempt}
        label={t('editorLabel', { language })}
        onChange={handleChange}
        onBlocked={handleBlocked}
      />
      {isLocked && (
        <Typography variant="body2" color="text.secondary">
          {t('lockedHint')}
        </Typography>
      )}

      <Box>
        <FormControlLabel
          control={<Checkbox checked={isCustomInput} disabled={isLocked} onChange={(event) => toggleCustomInput(event.target.checked)} />}
          label={t('useCustomInput')}
        />
        {isCustomInput && (
          <TextField
            fullWidth
            multiline
            minRows={3}
            maxRows={10}
            label={t('customInput')}
            value={customInput}
            onChange={(event) => setCustomInput(event.target.value)}
            slotProps={{ htmlInput: { maxLength: RUN_CUSTOM_INPUT_MAX_LENGTH, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        )}
      </Box>

      {/* Once the answer is shown nothing can be run any more: Run and Submit code leave the screen, so the
          player's own Submit is the only one on it. */}
      {!isLocked && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" disabled={!canAct} onClick={() => void handleRun()}>
            {t('run')}
          </Button>
          <Button variant="contained" disabled={!canAct} onClick={() => void handleSubmit()}>
            {t('submit')}
          </Button>
          {isEmpty && (
            <Typography variant="body2" color="text.secondary">
              {t('emptyHint')}
            </Typography>
          )}
        </Stack>
      )}

      {isBusy && (
        <Alert severity="info" icon={<CircularProgress size={18} />} role="status" data-testid="run-progress">
          {countdown.secondsLeft > 0
            ? t(activeType === 'submit' ? 'submitting' : 'running', { seconds: countdown.secondsLeft })
            : t('stillChecking')}
        </Alert>
      )}
      {state.error && (
        <Alert severity="error" data-testid="run-error">
          {state.error}
        </Alert>
      )}
      {state.isCapped && <Alert severity="warning">{t('capped')}</Alert>}
      {shown && !isBusy && <RunResults type={shown.type} statusCode={shown.statusCode} result={shown.result} />}

      <Dialog open={isResetOpen} onClose={() => setIsResetOpen(false)} aria-labelledby="reset-code-title">
        <DialogTitle id="reset-code-title">{t('resetTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">{t('resetText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsResetOpen(false)}>{t('cancel')}</Button>
          <Button color="warning" onClick={handleReset}>
            {t('reset')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
