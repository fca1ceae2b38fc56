import type { Language } from '@app/contracts';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { languagesOf } from '../model/player-machine';
import type { PlayerQuestion } from '../model/player-state';

/**
 * The per-question language switch (as in NTA's computer-based test): English or Tamil for the
 * question's text, whatever the interface language; the choice holds for the rest of the attempt.
 * Where the test makes English authoritative, a question shown in another language says that the
 * English version is final.
 */
export function QuestionLanguageSwitch({
  question,
  language,
  isEnglishAuthoritative,
  onChange,
}: {
  question: PlayerQuestion;
  language: Language;
  /** The test's englishAuthoritative setting. */
  isEnglishAuthoritative: boolean;
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation('exam');
  const languages = languagesOf(question);
  if (languages.length < 2) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <Typography variant="body2" id="question-language-label" component="span">
        {t('questionLanguage.label')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={language}
        onChange={(_, value: Language | null) => value && onChange(value)}
        aria-labelledby="question-language-label"
      >
        {languages.map((code) => (
          <ToggleButton key={code} value={code} lang={code === 'tn' ? 'ta' : 'en'} sx={{ textTransform: 'none', px: 1.5 }}>
            {t(`questionLanguage.${code}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {isEnglishAuthoritative && language !== 'en' && languages.includes('en') && (
        <Typography variant="caption" sx={{ flexBasis: '100%', textAlign: 'end' }}>
          {t('questionLanguage.englishFinal')}
        </Typography>
      )}
    </Box>
  );
}
