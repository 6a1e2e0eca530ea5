import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, installFakeObserver, setVisibility } from './test-helpers.js';
import { watchViewability } from './viewability.js';

describe('viewability (IAB/MRC: half the pixels in view, 1 s display, 2 s video)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    installFakeObserver();
    setVisibility('visible');
  });
  afterEach(() => vi.useRealTimers());

  const watch = (video = false) => {
    const onViewable = vi.fn();
    watchViewability(document.createElement('div'), { video, onViewable });
    return { onViewable, observer: FakeIntersectionObserver.last() };
  };

  it('counts a display ad after one continuous second at half in view, once', () => {
    const { onViewable, observer } = watch();
    observer.show(0.5);
    vi.advanceTimersByTime(999);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
    observer.show(1);
    vi.advanceTimersByTime(5000);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('does not count an ad scrolled out before the second, and restarts the count', () => {
    const { onViewable, observer } = watch();
    observer.show(0.8);
    vi.advanceTimersByTime(900);
    observer.show(0);
    vi.advanceTimersByTime(5000);
    expect(onViewable).not.toHaveBeenCalled();
    observer.show(0.8);
    vi.advanceTimersByTime(900);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('does not count an ad less than half in view', () => {
    const { onViewable, observer } = watch();
    observer.show(0.49);
    vi.advanceTimersByTime(10_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('needs two seconds for video', () => {
    const { onViewable, observer } = watch(true);
    observer.show(1);
    vi.advanceTimersByTime(1999);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('stops counting while the page is hidden', () => {
    const { onViewable, observer } = watch();
    observer.show(1);
    vi.advanceTimersByTime(500);
    setVisibility('hidden');
    vi.advanceTimersByTime(5000);
    expect(onViewable).not.toHaveBeenCalled();
    setVisibility('visible');
    vi.advanceTimersByTime(999);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('counts nothing once stopped', () => {
    const onViewable = vi.fn();
    const watched = watchViewability(document.createElement('div'), { video: false, onViewable });
    const observer = FakeIntersectionObserver.last();
    observer.show(1);
    watched.stop();
    vi.advanceTimersByTime(5000);
    expect(onViewable).not.toHaveBeenCalled();
  });
});
