import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WelcomeDialog } from './welcome-dialog';

describe('WelcomeDialog', () => {
  it('renders the institution message without scripts or handlers', { timeout: 20_000 }, () => {
    render(
      <WelcomeDialog
        isOpen
        onClose={() => undefined}
        html={'<h2>Hello Sunrise</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>'}
      />,
    );
    const message = screen.getByTestId('welcome-message');
    expect(message).toHaveTextContent('Hello Sunrise');
    expect(message.innerHTML).not.toContain('onerror');
    expect(message.innerHTML).not.toContain('<script');
  });

  it('says "Welcome Back" when the institution has no message', () => {
    render(<WelcomeDialog isOpen onClose={() => undefined} html={null} />);
    expect(screen.getByText('Welcome Back')).toBeInTheDocument();
  });
});
