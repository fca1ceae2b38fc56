import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollContainer } from './scroll-container';

afterEach(() => vi.restoreAllMocks());

const TABLE = (
  <table aria-label="Import">
    <tbody>
      <tr>
        <td>Problems</td>
      </tr>
    </tbody>
  </table>
);

describe('ScrollContainer', () => {
  it('is a named Tab stop while its table is wider than the screen', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    render(<ScrollContainer label="Questions of the file">{TABLE}</ScrollContainer>);
    const region = screen.getByRole('region', { name: 'Questions of the file' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('is no stop at all while the table fits', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const { container } = render(<ScrollContainer label="Questions of the file">{TABLE}</ScrollContainer>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('[tabindex]')).toBeNull();
  });
});
