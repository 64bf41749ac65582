// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { theme } from 'antd';
import { renderPage, setLanguage } from '../test/render';

/** A system whose reduced-motion setting the test turns on and off, telling its listeners. */
function systemSetting() {
  const listeners = new Set<EventListener>();
  let reduce = false;
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      get matches() {
        return query.includes('prefers-reduced-motion') ? reduce : original(query).matches;
      },
      addEventListener: (_: string, listener: EventListener) => void listeners.add(listener),
      removeEventListener: (_: string, listener: EventListener) => void listeners.delete(listener),
    }) as MediaQueryList;
  return {
    set(value: boolean) {
      reduce = value;
      listeners.forEach((listener) => listener(new Event('change')));
    },
    restore: () => (window.matchMedia = original),
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{String(token.motion)}</output>;
}

describe('antd’s motion follows the system’s reduced-motion setting while the page is open', () => {
  let setting: ReturnType<typeof systemSetting>;
  beforeEach(async () => {
    await setLanguage('en-US');
    setting = systemSetting();
  });
  afterEach(() => setting.restore());

  it('on by default, off as soon as the user asks for less motion, on again when they stop', () => {
    renderPage(<MotionProbe />);
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => setting.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
