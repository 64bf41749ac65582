// @vitest-environment jsdom
/**
 * A paged list through the query cache against a real local API server: the first query is
 * requested, a page change keeps the last page on screen until the new one is in, a filter goes back
 * to page 1, a reset goes back to the first query and loads it again even when nothing had changed,
 * and path parameters are part of the call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { listPassthroughSessions, listZones } from '@hmi/contract';
import { renderPage, setLanguage } from '../test/render';
import { signInAs, startApiServer, type ApiServer, type Recorded } from '../test/apiServer';
import { usePagedCall } from './usePagedCall';

let api: ApiServer;
/** Holds the answers of page 2 until the test lets them go. */
let holdPage2: Promise<void> = Promise.resolve();

beforeAll(async () => {
  api = await startApiServer();
  // The total tells which query answered: page * 100 + the keyword's length.
  api.routes.set('GET /v1/zones', async (req: Recorded) => {
    const page = Number(req.query.get('page'));
    if (page === 2) await holdPage2;
    return { list: [], total: page * 100 + (req.query.get('keyword') ?? '').length };
  });
  api.routes.set('GET /v1/devices/7/passthrough/sessions', () => ({ list: [], total: 3 }));
  await setLanguage('en-US');
});
beforeEach(() => signInAs(api, { is_main: true, permissions: [] }));
afterAll(() => api.close());

function Zones() {
  const zones = usePagedCall(listZones, { page: 1, pageSize: 10 });
  return (
    <>
      <output data-testid="total">{zones.data ? zones.data.total : 'none'}</output>
      <output data-testid="loading">{String(zones.loading)}</output>
      <button onClick={() => zones.pagination.onChange?.(2, 10)}>page 2</button>
      <button onClick={() => zones.filter({ keyword: 'abc' })}>filter</button>
      <button onClick={zones.reset}>reset</button>
    </>
  );
}

function Sessions() {
  const sessions = usePagedCall(listPassthroughSessions, { page: 1, pageSize: 10 }, { id: 7 });
  return <output data-testid="sessions">{sessions.data ? sessions.data.total : 'none'}</output>;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const zoneQueries = () =>
  api.callsTo('GET /v1/zones').map((c) => `${c.query.get('page')}:${c.query.get('keyword') ?? ''}`);

describe('usePagedCall', { timeout: 60000 }, () => {
  it('pages, filters back to page 1 and resets to the first query', async () => {
    let release: () => void = () => undefined;
    holdPage2 = new Promise((resolve) => (release = resolve));
    renderPage(<Zones />);
    await waitFor(() => expect(text('total')).toBe('100'));
    expect(text('loading')).toBe('false');

    fireEvent.click(screen.getByText('page 2'));
    await waitFor(() => expect(text('loading')).toBe('true'));
    expect(text('total')).toBe('100');
    release();
    await waitFor(() => expect(text('total')).toBe('200'));

    fireEvent.click(screen.getByText('filter'));
    await waitFor(() => expect(text('total')).toBe('103'));

    // The first page shows from the cache at once, and is asked for again.
    fireEvent.click(screen.getByText('reset'));
    await waitFor(() => expect(text('total')).toBe('100'));
    await waitFor(() => expect(zoneQueries()).toEqual(['1:', '2:', '1:abc', '1:']));
    // Nothing changed: the reset still loads again.
    fireEvent.click(screen.getByText('reset'));
    await waitFor(() => expect(zoneQueries()).toEqual(['1:', '2:', '1:abc', '1:', '1:']));
  });

  it('sends the path parameters with the query', async () => {
    renderPage(<Sessions />);
    await waitFor(() => expect(text('sessions')).toBe('3'));
    const [sent] = api.callsTo('GET /v1/devices/7/passthrough/sessions');
    expect([sent?.query.get('page'), sent?.query.get('pageSize')]).toEqual(['1', '10']);
  });
});
