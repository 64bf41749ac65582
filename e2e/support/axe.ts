import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 to 2.2, levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failing: ImpactValue[] = ['serious', 'critical'];

/**
 * Loads axe-core into the page unless it is there. Evaluated through the debugging protocol rather
 * than as a script tag, so the page's Content-Security-Policy stays as served. Hash navigation keeps
 * it; a reload needs it again.
 */
export async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
}

/** The serious and critical WCAG A/AA findings on the page, one readable line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    wcagTags,
  );
  return results.violations
    .filter((v) => failing.includes(v.impact ?? null))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `[${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\n\s*/g, ' / ')}`,
      ),
    );
}

export interface NamedControl {
  role: string;
  name: string;
}

/** Buttons, links, menu items and tabs with the accessible names Chromium computes for them. */
export async function controlNames(page: Page): Promise<NamedControl[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
    };
    return nodes
      .filter((n) => !n.ignored && ['button', 'link', 'menuitem', 'tab'].includes(n.role?.value ?? ''))
      .map((n) => ({ role: n.role?.value ?? '', name: String(n.name?.value ?? '') }));
  } finally {
    await cdp.detach();
  }
}

/**
 * Names of the icons the console and antd's own components show. In a Chinese locale none of them
 * may be part of an accessible name: they are antd's English `aria-label`s leaking through.
 */
// prettier-ignore
export const iconNames = [
  'account-book', 'alert', 'android', 'apple', 'arrow-down', 'arrow-left', 'arrow-up', 'bell',
  'calendar', 'caret-down', 'caret-up', 'check', 'check-circle', 'clock-circle', 'close',
  'close-circle', 'cloud-server', 'compress', 'dashboard', 'delete', 'desktop', 'disconnect',
  'double-left', 'double-right', 'down', 'download', 'drag', 'edit', 'ellipsis', 'exclamation-circle',
  'expand', 'export', 'eye', 'eye-invisible', 'filter', 'folder', 'folder-add', 'fullscreen',
  'fullscreen-exit', 'global', 'inbox', 'info-circle', 'left', 'loading', 'lock', 'logout', 'mail',
  'menu-fold', 'menu-unfold', 'message', 'mobile', 'plus', 'poweroff', 'question-circle', 'reload',
  'right', 'safety', 'save', 'search', 'setting', 'star', 'swap-right', 'sync', 'tags', 'up',
  'upload', 'user', 'user-add',
];

const iconWord = new RegExp(`(^|[^a-z-])(${iconNames.join('|')})($|[^a-z-])`, 'i');

/** The controls whose accessible name carries an icon's English name. */
export function withIconNames(controls: NamedControl[]): NamedControl[] {
  return controls.filter((c) => iconWord.test(c.name));
}
