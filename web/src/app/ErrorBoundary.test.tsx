import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new URIError('URI malformed');
}

describe('ErrorBoundary', () => {
  it('shows what it wraps', () => {
    render(
      <ErrorBoundary>
        <p>The page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('The page')).toBeInTheDocument();
  });

  it('shows a short message, the site name and a link home instead of a render error', () => {
    // React reports the caught error on the console.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Novel Shelf' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    consoleError.mockRestore();
  });
});
