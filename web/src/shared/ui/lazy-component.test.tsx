import { render, screen } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports -- the test's own boundary, around the component under test
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent, preloadEveryLazyComponent } from './lazy-component';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyComponent', () => {
  it('suspends until its code has loaded', async () => {
    const Lazy = lazyComponent(async () => Greeting);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="reader" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Hello reader')).toBeInTheDocument();
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const Lazy = lazyComponent(async () => Greeting);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="reader" />
      </Suspense>,
    );
    expect(screen.getByText('Hello reader')).toBeInTheDocument();
  });

  it('preloads, for the server, every lazy component and those their code declares in turn', async () => {
    let Inner: ReturnType<typeof lazyComponent<{ name: string }>> | undefined;
    // The outer component's code, once loaded, declares the inner one (a page with a part loaded on demand).
    const Outer = lazyComponent(async () => {
      Inner ??= lazyComponent(async () => Greeting);
      const Declared = Inner;
      return ({ name }: { name: string }) => <Declared name={name} />;
    });
    await preloadEveryLazyComponent();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Outer name="reader" />
      </Suspense>,
    );
    expect(screen.getByText('Hello reader')).toBeInTheDocument();
  });

  it('tries to load again after a failure', async () => {
    let attempts = 0;
    const Lazy = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(attempts).toBe(2);
  });
});
