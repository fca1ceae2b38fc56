import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WrappedTick } from './wrapped-tick';

describe('WrappedTick', () => {
  it('draws a long topic name on two lines of the axis, the whole name as its title', () => {
    const { container } = render(
      <svg>
        <WrappedTick x={120} y={40} payload={{ value: 'Laws of Motion and Circular Motion' }} width={18} anchor="end" />
      </svg>,
    );
    expect([...container.querySelectorAll('tspan')].map((line) => line.textContent)).toEqual(['Laws of Motion and', 'Circular Motion']);
    expect(container.querySelector('title')?.textContent).toBe('Laws of Motion and Circular Motion');
    // Right-aligned beside a vertical axis, each line a line below the one before.
    expect([...container.querySelectorAll('tspan')].map((line) => line.getAttribute('x'))).toEqual(['116', '116']);
    expect(container.querySelectorAll('tspan')[1]?.getAttribute('dy')).toBe('14');
  });
});
