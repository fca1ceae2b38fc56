import { leftLabel, rightLabel, type Language } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Controller, useWatch } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';
import type { QuestionFormValues } from '../shared/form-values';
import { formCodes } from './matching-values';
import { useMatchingTexts } from './use-matching-texts';

const LEFT_MAX = 8;
const RIGHT_MAX = 10;
const MIN = 2;
const LEFT_BASE = 100;
const RIGHT_BASE = 200;

/** The lists in both languages, the pairing (a select per list I item), the presentation and, when coded, the four codes made from the key. */
export function MatchingFields({ control, errors, setValue, getValues, isDisabled }: KindFieldsProps) {
  const text = useMatchingTexts();
  const { t: tm } = useTranslation('messages');
  const matching = useWatch({ control, name: 'matching' });
  const languages = useWatch({ control, name: 'texts' });
  const enabled = (['en', 'tn'] as const).filter((language) => languages[language].isEnabled);
  const languageName = (language: Language) => (language === 'en' ? text('english') : text('tamil'));
  const values = getValues();
  const codes = matching.presentation === 'coded' ? formCodes({ ...values, matching } as QuestionFormValues) : null;
  const message = (key: unknown) => (typeof key === 'string' && key ? tm(asMessageKey(key)) : undefined);
  const set = (next: QuestionFormValues['matching']) => setValue('matching', next, { shouldDirty: true, shouldValidate: true });

  const addLeft = () => set({ ...matching, left: [...matching.left, { en: '', tn: '' }], key: [...matching.key, 0] });
  const removeLeft = (i: number) => set({ ...matching, left: matching.left.filter((_, j) => j !== i), key: matching.key.filter((_, j) => j !== i) });
  const addRight = () => set({ ...matching, right: [...matching.right, { en: '', tn: '' }] });
  const removeRight = (j: number) =>
    set({ ...matching, right: matching.right.filter((_, k) => k !== j), key: matching.key.map((k) => (k === j + 1 ? 0 : k > j + 1 ? k - 1 : k)) });

  const itemFields = (side: 'left' | 'right', index: number) =>
    enabled.map((language) => (
      <Controller
        key={language}
        control={control}
        name={`matching.${side}.${index}.${language}`}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            size="small"
            label={text(side === 'left' ? 'leftItem' : 'rightItem', { label: side === 'left' ? leftLabel(LEFT_BASE + index + 1) : rightLabel(RIGHT_BASE + index + 1), language: languageName(language) })}
            disabled={isDisabled}
            error={Boolean(fieldState.error)}
            helperText={message(fieldState.error?.message)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      />
    ));

  const listErrors = message(errors.options?.message) ?? message((errors.options as { root?: { message?: string } } | undefined)?.root?.message);
  const keyError = message(errors.matching?.key?.message) ?? message(errors.correct?.message);

  return (
    <Stack spacing={2} component="section" aria-labelledby="question-matching-heading">
      <Typography id="question-matching-heading" variant="subtitle1" component="h2">
        {text('key')}
      </Typography>
      <Typography color="text.secondary">{text('help')}</Typography>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{text('presentation')}</FormLabel>
        <RadioGroup value={matching.presentation} onChange={(event) => set({ ...matching, presentation: event.target.value as 'pairs' | 'coded' })}>
          <FormControlLabel value="pairs" control={<Radio />} label={text('presentationPairs')} disabled={isDisabled} />
          <FormControlLabel value="coded" control={<Radio />} label={text('presentationCoded')} disabled={isDisabled} />
        </RadioGroup>
      </Box>
      {matching.presentation === 'pairs' && (
        <Controller
          control={control}
          name="allowsPartialCredit"
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={isDisabled} />} label={text('partialCredit')} />
          )}
        />
      )}

      <Typography variant="subtitle2" component="h3">
        {text('listI')}
      </Typography>
      {matching.left.map((_, i) => (
        <Box key={`left-${i}`} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: `repeat(${enabled.length + 1}, minmax(0, 1fr)) auto` }, gap: 1, alignItems: 'start' }}>
          {itemFields('left', i)}
          <Controller
            control={control}
            name={`matching.key.${i}`}
            render={({ field, fieldState }) => (
              <TextField
                select
                size="small"
                label={text('matches', { label: leftLabel(LEFT_BASE + i + 1) })}
                value={String(field.value ?? 0)}
                onChange={(event) => field.onChange(Number(event.target.value))}
                disabled={isDisabled}
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="0">{text('notMatched')}</option>
                {matching.right.map((item, j) => (
                  <option key={j} value={String(j + 1)}>
                    {rightLabel(RIGHT_BASE + j + 1)}. {item.en || item.tn}
                  </option>
                ))}
              </TextField>
            )}
          />
          <IconButton aria-label={text('removeLeft', { label: leftLabel(LEFT_BASE + i + 1) })} onClick={() => removeLeft(i)} disabled={isDisabled || matching.left.length <= MIN}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button onClick={addLeft} disabled={isDisabled || matching.left.length >= LEFT_MAX}>
          {text('addLeft')}
        </Button>
      </Box>

      <Typography variant="subtitle2" component="h3">
        {text('listII')}
      </Typography>
      {matching.right.map((_, j) => (
        <Box key={`right-${j}`} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: `repeat(${enabled.length}, minmax(0, 1fr)) auto` }, gap: 1, alignItems: 'start' }}>
          {itemFields('right', j)}
          <IconButton aria-label={text('removeRight', { label: rightLabel(RIGHT_BASE + j + 1) })} onClick={() => removeRight(j)} disabled={isDisabled || matching.right.length <= MIN}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button onClick={addRight} disabled={isDisabled || matching.right.length >= RIGHT_MAX}>
          {text('addRight')}
        </Button>
      </Box>
      {listErrors && <FormHelperText error>{listErrors}</FormHelperText>}
      {keyError && <FormHelperText error>{keyError}</FormHelperText>}
      {codes && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {text('codes')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="matching-codes">
            {codes.codes.map((code, i) => (
              <li key={code} style={{ fontWeight: i + 1 === codes.correct ? 700 : undefined }}>
                {code}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
