import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { authoredHtml, RichContent } from '../../../components/rich-text/rich-content';
import type { PlayerQuestion } from '../model/player-state';
import { questionTextId } from '../model/question-ids';
import { questionKind } from '../../../question-kinds';
import { SampleBox } from './sample-box';

/** The question's body: its statement by its kind, its media and instructions, a program's formats and samples. */
export function QuestionStatement({ question }: { question: PlayerQuestion }) {
  const { t } = useTranslation('exam');
  // A program's settings and samples: its own fields of the session question.
  const program = 'questionDetails' in question ? question : null;
  const details = program?.questionDetails;
  const { media, showsStatement } = questionKind(question.questionType).player;
  const statementHtml = authoredHtml(question.questionData, question.contentType);
  return (
    <div className="exam-question-body">
      {showsStatement &&
        (statementHtml !== null ? (
          <RichContent id={questionTextId(question.questionID)} html={statementHtml} />
        ) : (
          <p id={questionTextId(question.questionID)} className="exam-question-text">
            {question.questionData}
          </p>
        ))}
      {media === 'video' && question.mediaUrl && (
        <Box component="video" src={question.mediaUrl} controls aria-label={t('media.video')} sx={{ width: '100%', maxHeight: 360, bgcolor: 'black' }} />
      )}
      {(media === 'image' || question.contentType === 'image') && question.mediaUrl && (
        <Box component="img" src={question.mediaUrl} alt={t('media.image')} sx={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }} />
      )}
      {question.instructions && <RichContent html={question.instructions} sx={{ color: 'text.secondary' }} />}
      {details && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {details.inputFormat && (
            <Typography variant="body2">
              <strong>{t('editor.inputFormat')}:</strong> {details.inputFormat}
            </Typography>
          )}
          {details.outputFormat && (
            <Typography variant="body2">
              <strong>{t('editor.outputFormat')}:</strong> {details.outputFormat}
            </Typography>
          )}
          {details.constraints && (
            <Typography variant="body2">
              <strong>{t('editor.constraints')}:</strong> {details.constraints}
            </Typography>
          )}
          {program?.sampleInputOutputs.map((sample, index) => (
            <Box key={index} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
              <SampleBox id={`sample-${question.questionID}-${index}-input`} caption={`${t('editor.sample', { number: index + 1 })} · ${t('editor.sampleInput')}`} text={sample.inputData} />
              <SampleBox id={`sample-${question.questionID}-${index}-output`} caption={`${t('editor.sample', { number: index + 1 })} · ${t('editor.sampleOutput')}`} text={sample.outputData} />
            </Box>
          ))}
        </Box>
      )}
    </div>
  );
}
