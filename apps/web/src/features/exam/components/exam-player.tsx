import { TEST_DRAWER_WIDTH, type Language, type TestType } from '@app/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useExamPlayer } from '../hooks/use-exam-player';
import { elapsedSeconds, questionInLanguage, remainingSeconds } from '../model/player-machine';
import type { PlayerSettings } from '../model/player-state';
import { shortcutOf } from '../model/shortcuts';
import { ClockContext } from './clock-context';
import { EndDialogs } from './end-dialogs';
import { NavigationDialogs } from './navigation-dialogs';
import { OfflineBanner } from './offline-banner';
import { PlayerFooter } from './player-footer';
import { PALETTE_PANEL_ID, PlayerHeader } from './player-header';
import { QuestionLanguageSwitch } from './question-language-switch';
import { PaletteDrawer } from './palette-drawer';
import { QuestionPalette } from './question-palette';
import { QuestionReportDialog } from './question-report-dialog';
import { QUESTION_HEADING_ID, QuestionView, type CodeSlotProps, type OfficeSlotProps, type PracticeActionsSlotProps } from './question-view';
import { SectionTabs, useSectionTabs } from './section-tabs';
import { SubmittingBackdrop } from './submitting-backdrop';
import { preloadQuestionParts } from '../../../question-kinds';

/** What the page's proctoring receives (the proctoring feature is composed in by the page). */
export interface ProctoringSlotProps {
  settings: PlayerSettings;
  TestSessionID: string;
  /** The attempt is open and on screen. */
  isActive: boolean;
  tabChangeWarnings: number;
  onAwayStart: () => void;
  /** Returns the number of away periods so far. */
  onAwayEnd: () => number;
  /** Submits without asking (warnings used up, camera failure). */
  onAutoSubmit: () => void;
  setBeforeSubmit: (handler: (() => void | Promise<void>) | null) => void;
}

/** From this width up (900 px: laptops and desktops) the palette is docked beside the question. */
const DOCKED_PALETTE_BREAKPOINT = 'md';

/** The player's frame, styled by static classes inserted once (it renders every second and on every move). */
const PLAYER_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      // One screen high: the header, the tabs and the footer's buttons stay in view, and the
      // question (and the docked palette) scroll inside it.
      '.exam-player': {
        height: '100vh',
        '@supports (height: 100dvh)': { height: '100dvh' },
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: theme.palette.grey[50],
      },
      '.exam-player-body': { flex: 1, display: 'flex', minHeight: 0 },
      // Contained: a new question lays out and paints inside the question area only, and the
      // palette's changes inside the palette.
      '.exam-player-main': {
        flex: 1,
        minWidth: 0,
        contain: 'strict',
        padding: theme.spacing(2),
        overflow: 'auto',
        [theme.breakpoints.up('md')]: { padding: theme.spacing(3) },
        '&:focus': { outline: 'none' },
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: -2 },
      },
      // A short window (a laptop at 400 % zoom is 320 × 200 CSS px): one scrolling page instead,
      // so that the header, tabs and buttons do not take the question's height (WCAG reflow).
      '@media (max-height: 480px)': {
        '.exam-player': { height: 'auto', minHeight: '100vh' },
        '.exam-player .MuiAppBar-positionSticky': { position: 'static' },
        '.exam-player-body': { flex: 'none' },
        '.exam-player-main': { contain: 'none', overflow: 'visible' },
        '.exam-player-palette': { contain: 'none', overflowY: 'visible' },
      },
      '.exam-player-palette': {
        flexShrink: 0,
        width: TEST_DRAWER_WIDTH,
        boxSizing: 'content-box',
        contain: 'strict',
        overflowY: 'auto',
        borderLeft: `1px solid ${theme.palette.divider}`,
        backgroundColor: theme.palette.background.paper,
      },
    })}
  />
);

/** The exam player (spec 001 §2 and §4): /test/{type}/{courseID}/{taskID}. */
export function ExamPlayer({
  type,
  courseID,
  taskID,
  analyticsID,
  renderProctoring,
  renderCodeEditor,
  renderOfficeEditor,
  renderPracticeActions,
}: {
  type: TestType;
  courseID: number;
  taskID: number;
  analyticsID: string | null;
  renderProctoring?: (props: ProctoringSlotProps) => ReactNode;
  renderCodeEditor?: (props: CodeSlotProps) => ReactNode;
  renderOfficeEditor?: (props: OfficeSlotProps) => ReactNode;
  /** Under a practice question's feedback once its answer shows (keep in notebook). */
  renderPracticeActions?: (props: PracticeActionsSlotProps) => ReactNode;
}) {
  const { t, i18n } = useTranslation('exam');
  const player = useExamPlayer({ type, courseID, taskID, analyticsID });
  const { state, now, dialog, actions, activeQuestion, activeSection } = player;
  // Question text in the language the student chose for this attempt, else the interface's.
  const questionLanguage: Language = state?.questionLanguage ?? (i18n.language === 'tn' ? 'tn' : 'en');
  const shownQuestion = useMemo(() => activeQuestion && questionInLanguage(activeQuestion, questionLanguage), [activeQuestion, questionLanguage]);
  // Every question's answer area and mathematics load with the attempt, not when first shown:
  // by then the network may be gone.
  const preloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!state || preloadedFor.current === state.TestSessionID) return;
    preloadedFor.current = state.TestSessionID;
    preloadQuestionParts(state.sections.flatMap((section) => section.questions));
  }, [state]);
  // Wide screens: the palette is docked beside the question, shown from the start, and the menu
  // button shows or hides it; a jump leaves it open, as on the exam centres' screens. Narrower
  // screens: a modal drawer that a jump closes.
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up(DOCKED_PALETTE_BREAKPOINT), { noSsr: true });
  const [isDockedShown, setIsDockedShown] = useState(true);
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  // A drawer left open when the window grows wide (the palette docks) does not come back on its own.
  if (isWide && isPaletteOpen) setIsPaletteOpen(false);
  const [isReportOpen, setIsReportOpen] = useState(false);
  // The dialog mounts the first time it opens and stays mounted (it keeps its closing animation).
  const [hasOpenedReport, setHasOpenedReport] = useState(false);
  if (isReportOpen && !hasOpenedReport) setHasOpenedReport(true);

  // Stable props, so that the memoised parts skip the clock's tick and unrelated changes.
  const tabs = useSectionTabs(state, now);
  const openPalette = useCallback(
    () => (isWide ? setIsDockedShown((shown) => !shown) : setIsPaletteOpen(true)),
    [isWide],
  );
  const closePalette = useCallback(() => setIsPaletteOpen(false), []);
  const openReport = useCallback(() => setIsReportOpen(true), []);
  const closeReport = useCallback(() => setIsReportOpen(false), []);
  const selectFromPalette = useCallback(
    (index: number) => {
      actions.goToQuestion(index);
      setIsPaletteOpen(false);
    },
    [actions],
  );
  const settings = state?.settings;
  const TestSessionID = state?.TestSessionID;
  const tabChangeWarnings = state?.tabChangeWarnings ?? 0;
  const isOpen = player.phase === 'ready';
  const proctoring = useMemo(
    () =>
      settings && TestSessionID
        ? renderProctoring?.({
            settings,
            TestSessionID,
            isActive: isOpen,
            tabChangeWarnings,
            onAwayStart: actions.startAway,
            onAwayEnd: actions.endAway,
            onAutoSubmit: () => void actions.submit('silent'),
            setBeforeSubmit: actions.setBeforeSubmit,
          })
        : null,
    [renderProctoring, settings, TestSessionID, isOpen, tabChangeWarnings, actions],
  );

  // A new question starts at its top. The scroll position is tracked from scroll events, so that a
  // move does not read the layout when the question area was never scrolled.
  const mainRef = useRef<HTMLElement>(null);
  const isScrolledRef = useRef(false);
  const trackScroll = useCallback((event: UIEvent<HTMLElement>) => {
    isScrolledRef.current = event.currentTarget.scrollTop > 0;
  }, []);
  const questionKey = activeQuestion ? `${state?.activeSection}-${state?.activeQuestion}` : '';
  useLayoutEffect(() => {
    if (!isScrolledRef.current || !mainRef.current) return;
    mainRef.current.scrollTop = 0;
    isScrolledRef.current = false;
  }, [questionKey]);

  // A move to another question puts focus on its heading, once the new question is painted (so the
  // move itself stays as quick as before); a screen reader then reads "Question 4 of 45".
  const shownQuestionKey = useRef(questionKey);
  useEffect(() => {
    const previous = shownQuestionKey.current;
    shownQuestionKey.current = questionKey;
    if (!previous || !questionKey || previous === questionKey) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => document.getElementById(QUESTION_HEADING_ID)?.focus({ preventScroll: true }));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [questionKey]);

  // Shortcut keys (Alt+Shift+N, P, M, C, Q), read from refs so the listener is added once.
  const isRevealing = player.isRevealing;
  const shortcutState = useRef({ actions, openPalette, dialog, isReportOpen, isOpen, isRevealing, state, activeQuestion });
  shortcutState.current = { actions, openPalette, dialog, isReportOpen, isOpen, isRevealing, state, activeQuestion };
  useEffect(() => {
    function handleShortcut(event: KeyboardEvent) {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      const current = shortcutState.current;
      // Not behind a dialog, and only while the attempt is open.
      if (!current.state || !current.activeQuestion || !current.isOpen || current.dialog || current.isReportOpen) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const isTest = current.state.settings.type === 'test';
      event.preventDefault();
      if (shortcut === 'next') {
        if (!current.isRevealing) current.actions.next();
      }
      else if (shortcut === 'previous' && current.state.settings.questionSwitch === 1) current.actions.previous();
      else if (shortcut === 'mark') {
        if (isTest) current.actions.toggleMark();
        else current.actions.toggleHint();
      } else if (shortcut === 'clear' && !current.activeQuestion.isShowAnswer) current.actions.clear();
      else if (shortcut === 'palette' && isTest) current.openPalette();
    }
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);

  const dialogs = (
    <EndDialogs dialog={dialog} type={state?.settings.type ?? type} onCloseDialog={actions.closeDialog} />
  );

  if (!state || !activeQuestion || !activeSection) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        {player.phase === 'loading' && (
          <Box sx={{ textAlign: 'center' }}>
            <CircularProgress aria-label={t('loadingTest')} />
            <Typography sx={{ mt: 2 }}>{t('loadingTest')}</Typography>
          </Box>
        )}
        {dialogs}
      </Box>
    );
  }

  const isTest = state.settings.type === 'test';
  const isDocked = isTest && isWide;
  const clock = isTest ? remainingSeconds(state, now) : elapsedSeconds(state);

  return (
    <div className="exam-player">
      {PLAYER_STYLES}
      <ClockContext.Provider value={clock}>
        <PlayerHeader
          taskName={state.settings.TaskName}
          isTest={isTest}
          unconfirmed={player.unconfirmed}
          isPaletteDocked={isDocked ? isDockedShown : null}
          onOpenPalette={openPalette}
        />
      </ClockContext.Provider>
      <OfflineBanner isOnline={player.isOnline} unconfirmed={player.unconfirmed} />
      {/* A named region, so that everything on the player's screen is inside a landmark. */}
      <section aria-label={t('instruction.sections')}>
        <SectionTabs tabs={tabs} activeSection={state.activeSection} onSwitch={actions.switchSection} />
      </section>
      <div className="exam-player-body">
        {/* Focusable: a keyboard can scroll a long question even when no answer can be changed (a revealed answer). */}
        <main className="exam-player-main" ref={mainRef} onScroll={trackScroll} tabIndex={0}>
          <QuestionLanguageSwitch
            question={activeQuestion}
            language={shownQuestion?.language ?? questionLanguage}
            // A player state saved before the setting existed keeps the caption.
            isEnglishAuthoritative={state.settings.englishAuthoritative !== false}
            onChange={actions.setQuestionLanguage}
          />
          {/* Screen readers read the question in its own language, whatever the interface's. */}
          <div lang={(shownQuestion ?? activeQuestion).language === 'tn' ? 'ta' : 'en'}>
            <QuestionView
              question={shownQuestion ?? activeQuestion}
              number={state.activeQuestion + 1}
              total={activeSection.questions.length}
              settings={state.settings}
              TestSessionID={state.TestSessionID}
              practiceKey={state.revealed[activeQuestion.questionTaskMapID]}
              onAnswer={actions.answer}
              onAdvance={actions.next}
              renderCodeEditor={renderCodeEditor}
              renderOfficeEditor={renderOfficeEditor}
              renderPracticeActions={renderPracticeActions}
            />
          </div>
        </main>
        {isDocked && isDockedShown && (
          <aside className="exam-player-palette" id={PALETTE_PANEL_ID}>
            <QuestionPalette
              section={activeSection}
              activeQuestion={state.activeQuestion}
              onSelect={actions.goToQuestion}
            />
          </aside>
        )}
      </div>
      <PlayerFooter
        settings={state.settings}
        isShowAnswer={activeQuestion.isShowAnswer}
        isShowHint={activeQuestion.isShowHint}
        isMarked={activeQuestion.isMarked}
        isBusy={!isOpen || player.isRevealing}
        onReportError={openReport}
        onPrevious={actions.previous}
        onClear={actions.clear}
        onMark={actions.toggleMark}
        onHint={actions.toggleHint}
        onNext={actions.next}
        onEndTest={actions.openSubmitConfirm}
      />
      {isTest && !isDocked && (
        <PaletteDrawer
          isOpen={isPaletteOpen}
          section={activeSection}
          activeQuestion={state.activeQuestion}
          onClose={closePalette}
          onSelect={selectFromPalette}
        />
      )}
      <NavigationDialogs
        dialog={dialog}
        unconfirmed={player.unconfirmed}
        state={state}
        isSubmitting={player.phase === 'submitting'}
        actions={actions}
      />
      {hasOpenedReport && (
        <Suspense fallback={null}>
          <QuestionReportDialog
            isOpen={isReportOpen}
            mapId={activeQuestion.questionTaskMapID}
            TestSessionID={state.TestSessionID}
            onClose={closeReport}
          />
        </Suspense>
      )}
      {dialogs}
      <SubmittingBackdrop isOpen={player.phase === 'submitting'} />
      {proctoring}
    </div>
  );
}
