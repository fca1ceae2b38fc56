import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../model/countdown';
import { canSwitchSection, sectionRemainingSeconds } from '../model/player-machine';
import type { PlayerState } from '../model/player-state';

/**
 * Section tabs: name, question count and, for a timed section, its countdown. Completed timed
 * sections are disabled; tabs switch only when section navigation is allowed.
 */
export const SectionTabs = memo(function SectionTabs({
  state,
  now,
  onSwitch,
}: {
  state: PlayerState;
  now: number;
  onSwitch: (index: number) => void;
}) {
  const { t } = useTranslation('exam');
  return (
    <Tabs
      value={state.activeSection}
      onChange={(_, index: number) => onSwitch(index)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('palette.title')}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {state.sections.map((section, index) => {
        const remaining = sectionRemainingSeconds(section, now);
        const isDisabled = index !== state.activeSection && (section.isSectionCompleted || !canSwitchSection(state, index));
        return (
          <Tab
            key={section.sectionIndex}
            value={index}
            disabled={isDisabled}
            data-testid={`section-tab-${index}`}
            label={
              <Box sx={{ textAlign: 'center' }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {section.sectionName}
                </Typography>
                <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                  {t('questionsCount', { count: section.questions.length })}
                  {remaining !== null && ` · ${formatCountdown(remaining)}`}
                </Typography>
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
});
