// @vitest-environment jsdom
/**
 * The query cache of contract calls against a real local API server through the real client: one
 * request for one call and args however many screens show it, a change reloading exactly what it
 * names, business errors toasted once and never retried, the cache emptied when the session ends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode, deleteWebhook, listWebhookDeliveries, listWebhooks, listZones } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../test/render';
import { refuse, signInAs, startApiServer, type ApiServer } from '../test/apiServer';
import { callKey, invalidateCalls, patchCallData, useCallMutation, useCallQuery } from './callQuery';
import { clearOnSessionEnd, createQueryClient, queryClient } from './queryClient';
import { createSession, memoryStorage } from './tokens';

let api: ApiServer;
const hook = (id: number, name: string) => ({
  id,
  name,
  url: 'https://example.test/hook',
  min_level: 8,
  enabled: true,
  created_at: 1_700_000_000,
  last_status: null,
});
let hooks = [hook(1, 'first')];

beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/webhooks', () => ({ list: hooks }));
  api.routes.set('GET /v1/webhooks/1/deliveries', () => ({ list: [] }));
  api.routes.set('GET /v1/zones', () => ({ list: [], total: 0 }));
  await setLanguage('en-US');
});
// The harness forgets the session after each test.
beforeEach(() => signInAs(api, { is_main: true, permissions: [] }));
afterAll(() => api.close());

function HookNames({ testId }: { testId: string }) {
  const { data } = useCallQuery(listWebhooks, {});
  return <output data-testid={testId}>{data?.list.map((h) => h.name).join(',') ?? 'loading'}</output>;
}

function Deliveries() {
  const { data } = useCallQuery(listWebhookDeliveries, { params: { id: 1 } });
  return <output data-testid="deliveries">{data ? data.list.length : 'loading'}</output>;
}

function Zones() {
  const { data } = useCallQuery(listZones, { query: { page: 1, pageSize: 10 } });
  return <output data-testid="zones">{data ? data.total : 'loading'}</output>;
}

function RemoveButton({ onError }: { onError: (error: unknown) => void }) {
  const remover = useCallMutation(deleteWebhook, { invalidates: [listWebhooks] });
  return <button onClick={() => remover.mutateAsync({ params: { id: 1 } }).catch(onError)}>remove</button>;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('query cache of contract calls', { timeout: 60000 }, () => {
  it('keys a call by its method and path, then its args', () => {
    expect(callKey(listWebhookDeliveries, { params: { id: 7 } })).toEqual([
      'GET /webhooks/:id/deliveries',
      { params: { id: 7 } },
    ]);
  });

  it('sends one request for two screens showing the same call and args', async () => {
    hooks = [hook(1, 'first')];
    const before = api.callsTo('GET /v1/webhooks').length;
    renderPage(
      <>
        <HookNames testId="a" />
        <HookNames testId="b" />
      </>,
    );
    await waitFor(() => expect([text('a'), text('b')]).toEqual(['first', 'first']));
    expect(api.callsTo('GET /v1/webhooks').length - before).toBe(1);
  });

  it('reloads what a change names, and only that, before the change resolves', async () => {
    hooks = [hook(1, 'first'), hook(2, 'second')];
    api.routes.set('DELETE /v1/webhooks/1', () => {
      hooks = [hook(2, 'second')];
      return null;
    });
    renderPage(
      <>
        <HookNames testId="names" />
        <Deliveries />
        <Zones />
        <RemoveButton onError={() => undefined} />
      </>,
    );
    await waitFor(() => expect(text('names')).toBe('first,second'));
    await waitFor(() => expect(text('deliveries')).toBe('0'));
    await waitFor(() => expect(text('zones')).toBe('0'));
    const count = (key: string) => api.callsTo(key).length;
    const before = [
      count('GET /v1/webhooks'),
      count('GET /v1/webhooks/1/deliveries'),
      count('GET /v1/zones'),
    ];
    fireEvent.click(screen.getByText('remove'));
    await waitFor(() => expect(text('names')).toBe('second'));
    const after = [count('GET /v1/webhooks'), count('GET /v1/webhooks/1/deliveries'), count('GET /v1/zones')];
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 0, 0]);
  });

  it('reloads a whole domain by path prefix, in whole segments', async () => {
    hooks = [hook(1, 'first')];
    renderPage(
      <>
        <HookNames testId="names" />
        <Deliveries />
        <Zones />
      </>,
    );
    await waitFor(() => expect(text('deliveries')).toBe('0'));
    await waitFor(() => expect(text('zones')).toBe('0'));
    const count = (key: string) => api.callsTo(key).length;
    const before = [
      count('GET /v1/webhooks'),
      count('GET /v1/webhooks/1/deliveries'),
      count('GET /v1/zones'),
    ];
    await act(() => invalidateCalls(queryClient, [{ pathPrefix: '/webhooks' }, { pathPrefix: '/zone' }]));
    const after = [count('GET /v1/webhooks'), count('GET /v1/webhooks/1/deliveries'), count('GET /v1/zones')];
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 0]);
  });

  it('toasts a refused change once, through the client, and does not retry it', async () => {
    hooks = [hook(1, 'first')];
    api.routes.set('DELETE /v1/webhooks/1', () => refuse(ErrorCode.NO_DATA));
    const errors: unknown[] = [];
    renderPage(
      <>
        <HookNames testId="names" />
        <RemoveButton onError={(error) => errors.push(error)} />
      </>,
    );
    await waitFor(() => expect(text('names')).toBe('first'));
    const deletes = api.callsTo('DELETE /v1/webhooks/1').length;
    const lists = api.callsTo('GET /v1/webhooks').length;
    fireEvent.click(screen.getByText('remove'));
    await waitFor(() => expect(errors).toHaveLength(1));
    await waitFor(() => expect(toasts()).toEqual([i18next.t(`errors.${ErrorCode.NO_DATA}`)]));
    expect(api.callsTo('DELETE /v1/webhooks/1').length - deletes).toBe(1);
    // A refused change changed nothing: nothing to reload.
    expect(api.callsTo('GET /v1/webhooks').length - lists).toBe(0);
    expect(text('names')).toBe('first');
  });

  it('toasts a refused read once, does not retry it, and keeps the last answer on a failed reload', async () => {
    hooks = [hook(1, 'first')];
    renderPage(<HookNames testId="names" />);
    await waitFor(() => expect(text('names')).toBe('first'));
    api.routes.set('GET /v1/webhooks', () => refuse(ErrorCode.AUTHORIZATION));
    const lists = api.callsTo('GET /v1/webhooks').length;
    await act(() => invalidateCalls(queryClient, [listWebhooks]));
    await waitFor(() => expect(toasts()).toEqual([i18next.t(`errors.${ErrorCode.AUTHORIZATION}`)]));
    expect(api.callsTo('GET /v1/webhooks').length - lists).toBe(1);
    expect(text('names')).toBe('first');
    api.routes.set('GET /v1/webhooks', () => ({ list: hooks }));
  });

  it('patches every cached answer of a call, leaving calls not loaded unloaded', async () => {
    hooks = [hook(1, 'first')];
    renderPage(<HookNames testId="names" />);
    await waitFor(() => expect(text('names')).toBe('first'));
    act(() =>
      patchCallData(queryClient, listWebhooks, (data) => ({
        list: data.list.map((h) => ({ ...h, name: 'renamed' })),
      })),
    );
    await waitFor(() => expect(text('names')).toBe('renamed'));
    patchCallData(queryClient, listZones, (data) => ({ ...data, total: 9 }));
    expect(
      queryClient.getQueryData(callKey(listZones, { query: { page: 1, pageSize: 10 } })),
    ).toBeUndefined();
  });

  it('empties the cache when the session ends, not when its token is renewed', () => {
    const session = createSession(memoryStorage());
    session.save({ token: 't', refresh_token: 'r', host: null });
    const client = createQueryClient();
    const stop = clearOnSessionEnd(client, session);
    client.setQueryData(callKey(listWebhooks, {}), { list: [] });
    session.save({ token: 't2', refresh_token: 'r2', host: null });
    expect(client.getQueryData(callKey(listWebhooks, {}))).toEqual({ list: [] });
    session.clear();
    expect(client.getQueryData(callKey(listWebhooks, {}))).toBeUndefined();
    stop();
  });
});
