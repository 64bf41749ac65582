// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChunkLoadError, forgetChunkReload, lazyNamed, loadOrReload } from './lazy';

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('a route chunk that cannot be loaded', () => {
  afterEach(() => forgetChunkReload());

  it('reloads the page once and renders nothing meanwhile', async () => {
    let reloads = 0;
    const loading = loadOrReload(failing, () => (reloads += 1));
    const settled = await Promise.race([
      loading.then(() => 'settled'),
      Promise.resolve().then(() => 'pending'),
    ]);
    await Promise.resolve();
    expect(settled).toBe('pending');
    expect(reloads).toBe(1);
  });

  it('fails with ChunkLoadError when it fails again right after that reload', async () => {
    let reloads = 0;
    void loadOrReload(failing, () => (reloads += 1));
    await Promise.resolve();
    await expect(loadOrReload(failing, () => (reloads += 1))).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reloads).toBe(1);
  });

  it('other chunks loading fine after the reload do not start another; a failure much later does', async () => {
    let reloads = 0;
    let clock = 1_000_000;
    const reload = () => (reloads += 1);
    void loadOrReload(failing, reload, () => clock);
    await Promise.resolve();
    clock += 2_000;
    await expect(
      loadOrReload(
        () => Promise.resolve('shell'),
        reload,
        () => clock,
      ),
    ).resolves.toBe('shell');
    await expect(loadOrReload(failing, reload, () => clock)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reloads).toBe(1);
    clock += 60_000;
    void loadOrReload(failing, reload, () => clock);
    await Promise.resolve();
    expect(reloads).toBe(2);
  });
});

describe('preloading a lazily loaded page', () => {
  it('imports its chunk once however often it is preloaded; after a failed import, again', async () => {
    let imports = 0;
    let attempt: Promise<ComponentType> = failing();
    const Page = lazyNamed(() => {
      imports += 1;
      return attempt;
    });
    void Page.preload();
    const settled = Page.preload();
    expect(imports).toBe(1);
    // The failure is swallowed (no unhandled rejection) and forgotten: the next preload imports.
    await expect(settled).resolves.toBeUndefined();
    attempt = Promise.resolve(() => null);
    void Page.preload();
    void Page.preload();
    expect(imports).toBe(2);
  });
});
