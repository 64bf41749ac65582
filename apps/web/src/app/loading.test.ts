// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { finishLoading, isLoading, startLoading } from './loading';

describe('loading overlay switch', () => {
  it('is exposed on window and counts nested starts', () => {
    expect(isLoading()).toBe(false);
    window.$loading.start();
    startLoading();
    finishLoading();
    expect(isLoading()).toBe(true);
    window.$loading.finish();
    expect(isLoading()).toBe(false);
    // Extra finishes never go negative.
    finishLoading();
    startLoading();
    expect(isLoading()).toBe(true);
    finishLoading();
  });
});
