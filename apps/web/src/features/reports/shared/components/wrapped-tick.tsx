import { grey } from '@mui/material/colors';
import { wrapLabel } from '../model/wrap-label';

interface TickProps {
  x?: number;
  y?: number;
  payload?: { value?: unknown };
}

/** A category axis label wrapped onto two lines inside the chart, never cut at its edge. */
export function WrappedTick({ x = 0, y = 0, payload, width, anchor }: TickProps & { width: number; anchor: 'middle' | 'end' }) {
  const text = String(payload?.value ?? '');
  const lines = wrapLabel(text, width);
  const dy = anchor === 'end' ? -((lines.length - 1) * 14) / 2 + 4 : 14;
  return (
    <text x={x} y={y} textAnchor={anchor} fill={grey[800]} fontSize={12}>
      <title>{text}</title>
      {lines.map((line, index) => (
        <tspan key={index} x={anchor === 'end' ? x - 4 : x} dy={index === 0 ? dy : 14}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

