/**
 * Rendering a screen in a component test: the app's providers (query cache, theme, antd locale,
 * i18n) around a memory router, and the browser APIs antd expects but jsdom lacks.
 */
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import i18next from '../i18n';
import type { getLoginConfig } from '../api/account';
import { Providers } from '../app/providers';
import { queryClient } from '../api/queryClient';
import './browserStubs';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Each test starts with an empty cache, as a fresh page would.
  queryClient.clear();
});

/** Shows the current location so tests can see navigations. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderPageOptions {
  /** Initial URL of the memory router. */
  url?: string;
  /** Route pattern the page is mounted at (for params such as `:lang`). */
  path?: string;
}

export function renderPage(
  page: ReactElement,
  { url = '/', path = '*' }: RenderPageOptions = {},
): RenderResult {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}

/** Switches the interface language for a test (the app itself reloads instead). */
export async function setLanguage(locale: 'zh-CN' | 'zh-TW' | 'en-US'): Promise<void> {
  await i18next.changeLanguage(locale);
}

export { i18next };

/** The login configuration of a deployment in the cn data centre, one of three. */
export const loginConfig: Awaited<ReturnType<typeof getLoginConfig>> = {
  data_center: 'cn',
  data_centers: [
    { id: 'eu', host: 'https://eu.example.test' },
    { id: 'cn', host: 'https://cn.example.test' },
    { id: 'in', host: 'https://in.example.test' },
  ],
  phone_country_codes: ['+86'],
};

/** The submit button of the antd form named `name`. */
export function submitOf(name: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`form#${name} button[type="submit"]`);
  if (!button) throw new Error(`no submit button in form ${name}`);
  return button;
}

/** The input of a field of a named antd form (its id is `<form>_<field>`). */
export function field(form: string, name: string): HTMLInputElement {
  const input = document.getElementById(`${form}_${name}`);
  if (!input) throw new Error(`no field ${form}.${name}`);
  return input as HTMLInputElement;
}
