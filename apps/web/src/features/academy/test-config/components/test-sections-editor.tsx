import { DIFFICULTIES, type DrawRule, type SectionSource } from '@app/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useTopicOptions } from '../api/test-config-api';
import {
  addQuestion,
  moveItem,
  moveQuestion,
  newSection,
  removeQuestion,
  setMarksForAll,
  setSource,
  totalsOf,
  updateQuestion,
  updateSection,
  type EditableSection,
} from '../model/test-config-model';
import { QuestionPickerDialog } from './question-picker-dialog';
import { PendingButton } from '../../../../components/pending-button';

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function NumberInput({ label, value, onChange, placeholder, isDisabled, min = 0 }: { label: string; value: number | null; onChange: (v: number | null) => void; placeholder?: string; isDisabled?: boolean; min?: number }) {
  return (
    <TextField
      type="number"
      size="small"
      label={label}
      value={value ?? ''}
      placeholder={placeholder}
      onChange={(e) => onChange(numberOrNull(e.target.value))}
      disabled={isDisabled}
      slotProps={{ htmlInput: { min, step: 'any', inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 150 } }}
    />
  );
}

/**
 * The sections of a test, edited locally and saved together: add, rename (English and Tamil),
 * reorder, remove; per section questions picked from the bank (with marks) or a random draw.
 */
export function TestSectionsEditor({
  initial,
  courseId,
  sectionWiseTimer,
  isReadOnly,
  isSaving,
  focusSave = false,
  onSave,
}: {
  initial: EditableSection[];
  courseId: number;
  sectionWiseTimer: boolean;
  isReadOnly: boolean;
  isSaving: boolean;
  /** Focus on Save at mount: the editor is mounted afresh with what a save just stored, and keyboard focus stays where it was. */
  focusSave?: boolean;
  onSave: (sections: EditableSection[]) => void;
}) {
  const { t } = useTranslation('testConfig');
  const [sections, setSections] = useState(initial);
  const [pickingFor, setPickingFor] = useState<number | null>(null);
  const [allMarks, setAllMarks] = useState<{ marks: number | null; negativeMarks: number | null; target: 'all' | number }>({ marks: 4, negativeMarks: 1, target: 'all' });
  const canApplyMarks = allMarks.marks !== null && allMarks.marks > 0 && allMarks.negativeMarks !== null && allMarks.negativeMarks >= 0 && allMarks.negativeMarks <= allMarks.marks;
  const topics = useTopicOptions(courseId).data?.topics ?? [];
  const totals = totalsOf(sections);

  const setDraw = (index: number, change: Partial<DrawRule>) =>
    setSections((current) => updateSection(current, index, { draw: { ...current[index]!.draw!, ...change }, available: null }));

  return (
    <Stack spacing={2} component="section" aria-labelledby="tc-sections">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id="tc-sections" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('sectionsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('totals', { questions: totals.questions, marks: totals.marks })}
        </Typography>
      </Stack>

      {!isReadOnly && sections.length > 0 && (
        <Stack role="group" aria-labelledby="tc-all-marks" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <Typography id="tc-all-marks" variant="body2">
            {t('allMarksLegend')}
          </Typography>
          <NumberInput label={t('marks')} value={allMarks.marks} onChange={(v) => setAllMarks((c) => ({ ...c, marks: v }))} />
          <NumberInput label={t('negativeMarks')} value={allMarks.negativeMarks} onChange={(v) => setAllMarks((c) => ({ ...c, negativeMarks: v }))} />
          <TextField
            select
            size="small"
            label={t('allMarksTarget')}
            value={allMarks.target}
            onChange={(e) => setAllMarks((c) => ({ ...c, target: e.target.value === 'all' ? 'all' : Number(e.target.value) }))}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="all">{t('allMarksWholeTest')}</MenuItem>
            {sections.map((s, i) => (
              <MenuItem key={s.key} value={i}>
                {t('sectionHeading', { n: i + 1, name: s.name })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!canApplyMarks}
            onClick={() => setSections((c) => setMarksForAll(c, allMarks.target === 'all' ? null : allMarks.target, allMarks.marks!, allMarks.negativeMarks!))}
          >
            {t('allMarksApply')}
          </Button>
        </Stack>
      )}

      {sections.map((section, index) => {
        const heading = t('sectionHeading', { n: index + 1, name: section.name });
        return (
          <Paper key={section.key} variant="outlined" sx={{ p: 2 }} component="section" aria-label={heading}>
            <Stack spacing={2}>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
                  {heading}
                </Typography>
                {!isReadOnly && (
                  <>
                    <IconButton aria-label={`${t('moveUp')}: ${section.name}`} disabled={index === 0} onClick={() => setSections((c) => moveItem(c, index, index - 1))}>
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton aria-label={`${t('moveDown')}: ${section.name}`} disabled={index === sections.length - 1} onClick={() => setSections((c) => moveItem(c, index, index + 1))}>
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton aria-label={`${t('removeSection')}: ${section.name}`} onClick={() => setSections((c) => c.filter((_, i) => i !== index))}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                )}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField size="small" label={t('sectionName')} value={section.name} required disabled={isReadOnly} onChange={(e) => setSections((c) => updateSection(c, index, { name: e.target.value }))} fullWidth />
                <TextField size="small" label={t('sectionNameTn')} value={section.nameTn} disabled={isReadOnly} slotProps={{ htmlInput: { lang: 'ta' } }} onChange={(e) => setSections((c) => updateSection(c, index, { nameTn: e.target.value }))} fullWidth />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  size="small"
                  label={t('source')}
                  value={section.source}
                  disabled={isReadOnly}
                  onChange={(e) => setSections((c) => setSource(c, index, e.target.value as SectionSource))}
                  sx={{ minWidth: 260 }}
                >
                  <MenuItem value="pick">{t('sourcePick')}</MenuItem>
                  <MenuItem value="draw">{t('sourceDraw')}</MenuItem>
                </TextField>
                {sectionWiseTimer && (
                  <NumberInput label={t('sectionMinutes')} value={section.durationMinutes} isDisabled={isReadOnly} onChange={(v) => setSections((c) => updateSection(c, index, { durationMinutes: v ?? 0 }))} />
                )}
              </Stack>

              {section.source === 'draw' && section.draw && (
                <Stack spacing={2}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <NumberInput label={t('drawCount')} value={section.draw.count} min={1} isDisabled={isReadOnly} onChange={(v) => setDraw(index, { count: v ?? 0 })} />
                    <NumberInput label={t('marks')} value={section.draw.marks} isDisabled={isReadOnly} onChange={(v) => setDraw(index, { marks: v ?? 0 })} />
                    <NumberInput label={t('negativeMarks')} value={section.draw.negativeMarks} isDisabled={isReadOnly} onChange={(v) => setDraw(index, { negativeMarks: v ?? 0 })} />
                  </Stack>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      select
                      size="small"
                      label={t('drawTopics')}
                      value={section.draw.topicIds}
                      disabled={isReadOnly}
                      onChange={(e) => setDraw(index, { topicIds: (e.target.value as unknown as number[]).map(Number) })}
                      slotProps={{ select: { multiple: true } }}
                      fullWidth
                    >
                      {topics.map((topic) => (
                        <MenuItem key={topic.topicID} value={topic.topicID}>
                          {topic.topicName}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      size="small"
                      label={t('drawDifficulties')}
                      value={section.draw.difficulties}
                      disabled={isReadOnly}
                      onChange={(e) => setDraw(index, { difficulties: e.target.value as unknown as DrawRule['difficulties'] })}
                      slotProps={{ select: { multiple: true } }}
                      fullWidth
                    >
                      {DIFFICULTIES.map((d) => (
                        <MenuItem key={d} value={d}>
                          {t(d)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                  <Typography variant="body2" color="text.secondary" role="status">
                    {section.available === null ? t('availableUnknown') : t('available', { count: section.available })}
                  </Typography>
                </Stack>
              )}

              {section.source === 'pick' && (
                <Stack spacing={1}>
                  {section.questions.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('noPicked')}
                    </Typography>
                  )}
                  <Stack component="ol" spacing={1} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
                    {section.questions.map((q, position) => {
                      const label = t('questionLabel', { n: position + 1 });
                      return (
                        <Stack key={q.questionId} component="li" direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }} aria-label={`${label}: ${q.title || q.preview}`}>
                          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                            {position + 1}. {q.title || q.preview}
                          </Typography>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                            <NumberInput label={t('marks')} value={q.marks} placeholder={String(q.defaultMarks)} isDisabled={isReadOnly} onChange={(v) => setSections((c) => updateQuestion(c, index, position, { marks: v }))} />
                            <NumberInput label={t('negativeMarks')} value={q.negativeMarks} placeholder={String(q.defaultNegativeMarks)} isDisabled={isReadOnly} onChange={(v) => setSections((c) => updateQuestion(c, index, position, { negativeMarks: v }))} />
                            {!isReadOnly && (
                              <>
                                <IconButton aria-label={`${t('moveUp')}: ${label}`} disabled={position === 0} onClick={() => setSections((c) => moveQuestion(c, index, position, position - 1))}>
                                  <ArrowUpwardIcon />
                                </IconButton>
                                <IconButton aria-label={`${t('moveDown')}: ${label}`} disabled={position === section.questions.length - 1} onClick={() => setSections((c) => moveQuestion(c, index, position, position + 1))}>
                                  <ArrowDownwardIcon />
                                </IconButton>
                                <IconButton aria-label={`${t('removeQuestion')}: ${label}`} onClick={() => setSections((c) => removeQuestion(c, index, position))}>
                                  <DeleteIcon />
                                </IconButton>
                              </>
                            )}
                          </Stack>
                        </Stack>
                      );
                    })}
                  </Stack>
                  {!isReadOnly && (
                    <div>
                      <Button variant="outlined" onClick={() => setPickingFor(index)}>
                        {t('addQuestions')}
                      </Button>
                    </div>
                  )}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}

      {!isReadOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => setSections((c) => [...c, newSection(t('sectionDefaultName', { n: c.length + 1 }))])}>
            {t('addSection')}
          </Button>
          <PendingButton variant="contained" isPending={isSaving} onClick={() => onSave(sections)} autoFocus={focusSave}>
            {t('saveSections')}
          </PendingButton>
        </Stack>
      )}
      {pickingFor !== null && (
        <QuestionPickerDialog
          sections={sections}
          courseId={courseId}
          onAdd={(summary) => setSections((c) => addQuestion(c, pickingFor, summary))}
          onClose={() => setPickingFor(null)}
        />
      )}
    </Stack>
  );
}
