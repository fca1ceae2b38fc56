import GlobalStyles from '@mui/material/GlobalStyles';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { formatCountdown } from '../model/countdown';
import { canSwitchSection, sectionRemainingSeconds } from '../model/player-machine';
import type { PlayerState } from '../model/player-state';

/** What one section tab shows. */
export interface SectionTabModel {
  sectionIndex: number;
  name: string;
  questionCount: number;
  /** Seconds left of a timed section; null when the section is not timed. */
  remaining: number | null;
  isDisabled: boolean;
}

/**
 * The tabs' content for the current state and time, as one array that keeps its identity while
 * nothing shown changes: moving between questions and the untimed clock's tick then leave the
 * tabs alone.
 */
export function useSectionTabs(state: PlayerState | null, now: number): SectionTabModel[] {
  const tabs: SectionTabModel[] = (state?.sections ?? []).map((section, index) => ({
    sectionIndex: section.sectionIndex,
    name: section.sectionName,
    questionCount: section.questions.length,
    remaining: sectionRemainingSeconds(section, now),
    isDisabled: index !== state!.activeSection && (section.isSectionCompleted || !canSwitchSection(state!, index)),
  }));
  const signature = JSON.stringify(tabs);
  return useMemo(() => JSON.parse(signature) as SectionTabModel[], [signature]);
}

/**
 * Native tab buttons styled by static classes inserted once. MUI's Tabs measure every tab with
 * getBoundingClientRect after each of their renders (for the sliding indicator), which forced the
 * browser to lay out the whole new section inside the click that switched to it and, with a timed
 * section, again on every tick of its countdown; their ripple added work to the press.
 */
const TAB_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '.exam-section-tabs': {
        display: 'flex',
        overflowX: 'auto',
        scrollbarWidth: 'thin',
        borderBottom: `1px solid ${theme.palette.divider}`,
        backgroundColor: theme.palette.background.paper,
      },
      '.exam-section-tab': {
        ...theme.typography.button,
        flex: 'none',
        minWidth: 90,
        maxWidth: 360,
        minHeight: 48,
        margin: 0,
        padding: '12px 16px',
        border: 0,
        background: 'none',
        color: theme.palette.text.secondary,
        textAlign: 'center',
        cursor: 'pointer',
        WebkitTapHighlightColor: 'transparent',
        '&:hover:not(:disabled)': { backgroundColor: theme.palette.action.hover },
        '&[aria-selected="true"]': {
          color: theme.palette.primary.main,
          // The selected tab's line, drawn inside it (no change of height, nothing to measure).
          boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}`,
        },
        '&:disabled': { color: theme.palette.text.disabled, cursor: 'default' },
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: -2 },
      },
      '.exam-section-tab-name': {
        ...theme.typography.body2,
        display: 'block',
        fontWeight: 600,
        textTransform: 'inherit',
      },
      '.exam-section-tab-meta': { ...theme.typography.caption, display: 'block', textTransform: 'inherit' },
    })}
  />
);

/** The tab that arrow keys, Home and End move the focus to (enabled tabs only, wrapping around). */
function focusTarget(
  buttons: HTMLButtonElement[],
  current: HTMLButtonElement,
  key: string,
): HTMLButtonElement | undefined {
  const enabled = buttons.filter((button) => !button.disabled);
  const at = enabled.indexOf(current);
  if (at < 0) return undefined;
  if (key === 'Home') return enabled[0];
  if (key === 'End') return enabled[enabled.length - 1];
  if (key === 'ArrowRight') return enabled[(at + 1) % enabled.length];
  if (key === 'ArrowLeft') return enabled[(at - 1 + enabled.length) % enabled.length];
  return undefined;
}

/**
 * Section tabs: name, question count and, for a timed section, its countdown. Completed timed
 * sections are disabled; tabs switch only when section navigation is allowed. Keyboard as for
 * any tab list: arrows, Home and End move the focus, Enter or Space switches.
 */
export const SectionTabs = memo(function SectionTabs({
  tabs,
  activeSection,
  onSwitch,
}: {
  tabs: SectionTabModel[];
  activeSection: number;
  onSwitch: (index: number) => void;
}) {
  const { t } = useTranslation('exam');
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
    const target = focusTarget(buttons, event.target as HTMLButtonElement, event.key);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <div role="tablist" aria-label={t('palette.title')} className="exam-section-tabs" onKeyDown={handleKeyDown}>
      {TAB_STYLES}
      {tabs.map((tab, index) => {
        const isSelected = index === activeSection;
        return (
          <button
            key={tab.sectionIndex}
            type="button"
            role="tab"
            className="exam-section-tab"
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            disabled={tab.isDisabled}
            data-testid={`section-tab-${index}`}
            onClick={() => !isSelected && onSwitch(index)}
          >
            <span className="exam-section-tab-name">{tab.name}</span>
            <span className="exam-section-tab-meta">
              {t('questionsCount', { count: tab.questionCount })}
              {tab.remaining !== null && ` · ${formatCountdown(tab.remaining)}`}
            </span>
          </button>
        );
      })}
    </div>
  );
});
