// @vitest-environment jsdom
/**
 * The TAG history panel against a real local API server: a preset range loads at once, the custom
 * range asks for its dates (in each locale) instead of claiming there is no data; the chart's caption
 * says what one point stands for; refresh asks for the preset range again, ending at the click.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LiveTag } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { signInAs, serveApi } from '../../../test/apiServer';
import { pointMeaning } from './history';
import { HistoryPanel } from './HistoryPanel';

const tag: LiveTag = {
  id: 1,
  name: 'temperature',
  data_type: 7,
  access: 0,
  save_history: true,
  description: '',
  value: '20.5',
  ts: 1_700_000_000_000,
  quality: 'good',
  quality_reason: null,
  quality_ts: null,
};

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices/7/history', (req) => ({
    tag: 'temperature',
    data_type: 7,
    from: Number(req.query.get('from')),
    to: Number(req.query.get('to')),
    bucket_ms: 60_000,
    points: [],
    samples: [],
  }));
});

describe.each(['en-US', 'zh-CN', 'zh-TW'] as const)('history panel in %s', (locale) => {
  it('says what one point of the chart stands for', async () => {
    await setLanguage(locale);
    const t = (key: string, options?: Record<string, unknown>) => i18next.t(`live:${key}`, options);
    const caption = pointMeaning(t, 60_000);
    expect(caption).toBe(
      i18next.t('live:history.eachPoint', { span: t('history.span.minutes', { count: 1 }) }),
    );
    expect(caption).toContain({ 'en-US': '1 min', 'zh-CN': '1 分钟', 'zh-TW': '1 分鐘' }[locale]);
    expect(pointMeaning(t, 5 * 86_400_000)).toContain(
      { 'en-US': '5 d', 'zh-CN': '5 天', 'zh-TW': '5 天' }[locale],
    );
  });

  it('asks for the dates of a custom range instead of showing "no data"', async () => {
    await setLanguage(locale);
    // Each test signs in again: the rendering helper clears the stored session after a test.
    await signInAs(api, { is_main: true, permissions: [] });
    const loads = api.callsTo('GET /v1/devices/7/history').length;
    renderPage(<HistoryPanel deviceId={7} tags={[tag]} />);
    expect((await screen.findByTestId('history-empty')).textContent).toContain(
      i18next.t('live:history.empty'),
    );
    expect(api.callsTo('GET /v1/devices/7/history')).toHaveLength(loads + 1);

    fireEvent.click(
      within(screen.getByTestId('history-range')).getByText(i18next.t('live:history.range.custom')),
    );
    const prompt = await screen.findByTestId('history-pick-range');
    expect(prompt.textContent).toContain(i18next.t('live:history.pickRange'));
    expect(prompt.textContent).not.toBe('live:history.pickRange');
    expect(screen.queryByTestId('history-empty')).toBeNull();
    // Nothing to ask the server until both ends are picked.
    expect(screen.getAllByTestId('history-custom').length).toBeGreaterThan(0);
    expect(api.callsTo('GET /v1/devices/7/history')).toHaveLength(loads + 1);
  });
});

describe('history panel refresh', () => {
  it('asks for the same preset span again, ending at the click', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: true, permissions: [] });
    const key = 'GET /v1/devices/7/history';
    const loads = api.callsTo(key).length;
    renderPage(<HistoryPanel deviceId={7} tags={[tag]} />);
    await screen.findByTestId('history-empty');
    await waitFor(() => expect(api.callsTo(key)).toHaveLength(loads + 1));
    const spanOf = (n: number) => {
      const query = api.callsTo(key)[n]?.query;
      return { from: Number(query?.get('from')), to: Number(query?.get('to')) };
    };
    const first = spanOf(loads);

    fireEvent.click(screen.getByText(i18next.t('live:history.reload')));
    await waitFor(() => expect(api.callsTo(key)).toHaveLength(loads + 2));
    const again = spanOf(loads + 1);
    expect(again.to).toBeGreaterThan(first.to);
    expect(again.to - again.from).toBe(first.to - first.from);
  });
});
