import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { REDUCED_MOTION_QUERY } from '../lib/mediaQuery';
import { AntdProvider } from './AntdProvider';

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

const jsdomMatchMedia = window.matchMedia;

/** A system whose reduced-motion setting is `reduce`. */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      ...jsdomMatchMedia(query),
      matches: reduce && query === REDUCED_MOTION_QUERY,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as MediaQueryList;
}

describe('AntdProvider', () => {
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
  });

  it('keeps antd motion by default', () => {
    prefersReducedMotion(false);
    render(
      <AntdProvider>
        <MotionProbe />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(
      <AntdProvider>
        <MotionProbe />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });
});
