import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { applyPadKey, sanitiseTyped, type PadKey } from './number-pad-model';
import { useNumericalTexts } from './use-numerical-texts';

const DIGIT_ROWS: PadKey[][] = [
  ['7', '8', '9'],
  ['4', '5', '6'],
  ['1', '2', '3'],
  ['0', '.', '-'],
];

/**
 * A number typed on an on-screen pad as in NTA's interface (digits, point, minus, backspace,
 * clear), or on the keyboard in the field above it. Every key is a button, so Tab and Enter work.
 */
export function NumberPad({ value, onChange, isDisabled }: { value: string; onChange: (text: string) => void; isDisabled: boolean }) {
  const text = useNumericalTexts();
  const fieldId = useId();
  const press = (key: PadKey) => onChange(applyPadKey(value, key));
  const keyLabel = (key: PadKey) => (key === '.' ? text('point') : key === '-' ? text('minus') : undefined);

  return (
    <Box sx={{ maxWidth: 280 }} data-testid="number-pad">
      <TextField
        id={fieldId}
        label={text('answer')}
        value={value}
        onChange={(event) => onChange(sanitiseTyped(event.target.value))}
        disabled={isDisabled}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'numerical-answer' } }}
        sx={{ mb: 1 }}
      />
      <Box role="group" aria-label={text('pad')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        {DIGIT_ROWS.flat().map((key) => (
          <Button key={key} variant="outlined" onClick={() => press(key)} disabled={isDisabled} aria-label={keyLabel(key)} sx={{ minWidth: 0, fontSize: '1.1rem' }}>
            {key}
          </Button>
        ))}
        <Button variant="outlined" onClick={() => press('backspace')} disabled={isDisabled} sx={{ gridColumn: 'span 2', minWidth: 0 }}>
          {text('backspace')}
        </Button>
        <Button variant="outlined" color="secondary" onClick={() => press('clear')} disabled={isDisabled} sx={{ minWidth: 0 }}>
          {text('clear')}
        </Button>
      </Box>
    </Box>
  );
}
