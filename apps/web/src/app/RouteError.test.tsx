// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18next from '../i18n';
import { Providers } from './providers';
import { routes } from './router';
import { ChunkLoadError } from './routes/lazy';
import '../test/browserStubs';

function Broken({ error }: { error: Error }): never {
  throw error;
}

/** The real root route (its error element) over one child that fails to render. */
function renderFailing(error: Error) {
  const { element, errorElement } = routes[0] as RouteObject;
  const router = createMemoryRouter([
    { element, errorElement, children: [{ path: '/', element: <Broken error={error} /> }] },
  ]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('the error page of every route', () => {
  afterEach(() => cleanup());

  it('says that part of the console could not be loaded, in the current language, with a way on', async () => {
    await i18next.changeLanguage('en-US');
    renderFailing(new ChunkLoadError(new TypeError('Failed to fetch')));
    expect((await screen.findByTestId('route-error')).textContent).toContain(
      i18next.t('common.routeError.chunk'),
    );
    expect(screen.getByTestId('route-error-reload').textContent).toBe('Reload');
    expect(screen.getByTestId('route-error-home').textContent).toBe('Back to home');
  });

  it('names any other failure without the developer page', async () => {
    await i18next.changeLanguage('zh-CN');
    renderFailing(new Error('boom'));
    const page = await screen.findByTestId('route-error');
    expect(page.textContent).toContain('显示此页面时出错。');
    expect(page.textContent).not.toContain('boom');
  });
});
