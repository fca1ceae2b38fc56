import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';
import type { OfficeKind } from '@app/contracts';
import type { PlayerQuestionOf } from './player-question';

/** Where no office editor is mounted: how to answer, and the start file to download. */
export function OfficeAnswerFallback({ question }: { question: PlayerQuestionOf<OfficeKind> }) {
  const { t } = useTranslation('exam');
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {t('editor.officeTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('editor.officeHelp')}
      </Typography>
      {question.startFileUrl && (
        <Link href={question.startFileUrl} download>
          {t('editor.officeStartFile')}
        </Link>
      )}
    </Box>
  );
}
