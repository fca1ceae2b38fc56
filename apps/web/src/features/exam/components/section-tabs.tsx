import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
 * tabs alone (MUI's Tabs measure their DOM after every render).
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
 * Section tabs: name, question count and, for a timed section, its countdown. Completed timed
 * sections are disabled; tabs switch only when section navigation is allowed.
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
  return (
    <Tabs
      value={activeSection}
      onChange={(_, index: number) => onSwitch(index)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('palette.title')}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {tabs.map((tab, index) => (
        <Tab
          key={tab.sectionIndex}
          value={index}
          disabled={tab.isDisabled}
          data-testid={`section-tab-${index}`}
          label={
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {tab.name}
              </Typography>
              <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                {t('questionsCount', { count: tab.questionCount })}
                {tab.remaining !== null && ` · ${formatCountdown(tab.remaining)}`}
              </Typography>
            </Box>
          }
        />
      ))}
    </Tabs>
  );
});
