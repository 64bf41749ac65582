// @vitest-environment jsdom
/**
 * The import wizard against a real local HTTP server speaking the contract: a FUXA project into a
 * template (dry run, report, mapping a TAG, import), an SVG into a project (device and TAG), the
 * SVG attribute help in three locales, and refusals (2001 with the reason, 1006 with the field).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TagDataType, type ImportReport } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { refuse, signInAs, startApiServer, type ApiServer, type Recorded } from '../../../test/apiServer';
import { tagRow } from '../../../test/alarmFixtures';
import { ImportScreensModal } from './ImportScreensModal';
import type { ScreenOwner } from './owner';
import { pick } from '../../../test/alarmFixtures';
import {
  chooseFile,
  fuxaItem,
  fuxaReport,
  PROJECT_ID,
  screenRow,
  TEMPLATE_ID,
} from '../../../test/screenFixtures';

const template: ScreenOwner = { kind: 'template', id: TEMPLATE_ID, name: 'Oven' };
const project: ScreenOwner = { kind: 'project', id: PROJECT_ID, name: 'Line' };
const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const b64 = (s: string) => Buffer.from(s).toString('base64');
let api: ApiServer;
let imported = 0;

beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await setLanguage('zh-CN');
  await api.close();
});
beforeEach(async () => {
  // The session is cleared after each test.
  await signInAs(api, { is_main: true, permissions: [] });
  await setLanguage('en-US');
  api.routes.set(`GET /v1/templates/${TEMPLATE_ID}/tags`, () => ({
    version: 1,
    list: [tagRow(1, 'temperature', TagDataType.FLOAT), tagRow(2, 'running', TagDataType.BOOL)],
    total: 2,
  }));
  api.calls.length = 0;
  imported = 0;
});

const renderModal = (owner: ScreenOwner) =>
  renderPage(
    <ImportScreensModal open owner={owner} onClose={() => undefined} onImported={() => (imported += 1)} />,
  );
const imports = () => api.callsTo('POST /v1/screens/import');
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
/** Answers a dry run with `report`, an import with the screens it made and `report` as mapped. */
const answerImports = (report: ImportReport, made: number) =>
  api.routes.set('POST /v1/screens/import', (req: Recorded) => {
    const body = req.body as { dry_run: boolean };
    if (body.dry_run) return { screens: [], report };
    return { screens: Array.from({ length: made }, (_, i) => screenRow(30 + i)), report };
  });

describe('screen import wizard', { timeout: 60000 }, () => {
  it('FUXA into a template: dry run, report with unmapped items, a TAG mapped, imported', async () => {
    answerImports(fuxaReport, 2);
    renderModal(template);
    click('screens-import-kind-fuxa');
    const project = JSON.stringify({ hmi: { views: [] } });
    chooseFile(new File([project], 'oven.json', { type: 'application/json' }));
    expect((await screen.findByTestId('screens-import-chosen')).textContent).toContain('oven.json');
    click('screens-import-check');

    const report = await screen.findByTestId('screens-import-report');
    expect(imports()[0]?.body).toEqual({
      kind: 'fuxa',
      template_id: TEMPLATE_ID,
      filename: 'oven.json',
      content_base64: b64(project),
      tag_map: {},
      dry_run: true,
    });
    expect(within(report).getByText('Web · svg-ext-html_iframe')).toBeTruthy();
    // Each item says what it became; a button writing nowhere says so.
    const none = within(report).getByTestId('screens-import-item-HXB_none').closest('tr');
    expect(none?.textContent).toContain(v('screens:import.notes.noWriteTarget'));
    expect(none?.textContent).toContain(v('screens:import.widgets.button'));
    expect(within(report).getByText(v('screens:import.report.unmappedHint'))).toBeTruthy();
    expect(within(report).getByText('PLC1 / temp')).toBeTruthy();
    expect(within(report).getAllByText(v('screens:import.report.unbound'))).toHaveLength(2);
    expect(screen.getByTestId('screens-import-hint').textContent).toBe(
      v('screens:import.report.someUnbound', { count: 2 }),
    );

    // Only the unbound variables are mapped; `state` stays unbound.
    click('screens-import-next');
    await screen.findByTestId('screens-map-table');
    expect(screen.queryByText('PLC1 / running')).toBeNull();
    await pick('screens-map-tag-0', 'temperature');
    click('screens-import-submit');
    expect(await screen.findByTestId('screens-import-done')).toBeTruthy();
    expect(imports()[1]?.body).toEqual({
      kind: 'fuxa',
      template_id: TEMPLATE_ID,
      filename: 'oven.json',
      content_base64: b64(project),
      tag_map: { 'PLC1^~^temp': { tag: 'temperature' } },
      dry_run: false,
    });
    expect(screen.getAllByText(v('screens:import.done', { count: 2 })).length).toBeGreaterThan(0);
    expect(imported).toBe(1);
  });

  it('offers again for mapping a variable whose TAG cannot hold a value an item writes', async () => {
    const unfit = fuxaItem('HXB_start', 'svg-ext-html_button', 'button', 'write', ['valueType'], {
      tag: 'running',
    });
    answerImports(
      {
        ...fuxaReport,
        screens: [
          { name: 'Oven', widgets: 1, unmapped: [], items: [{ ...unfit, source: 'PLC1^~^running' }] },
        ],
      },
      1,
    );
    renderModal(template);
    click('screens-import-kind-fuxa');
    chooseFile(new File(['{}'], 'oven.json', { type: 'application/json' }));
    await screen.findByTestId('screens-import-chosen');
    click('screens-import-check');
    const report = await screen.findByTestId('screens-import-report');
    const row = within(report).getByTestId('screens-import-item-HXB_start').closest('tr');
    expect(row?.textContent).toContain(v('screens:import.notes.valueType'));
    click('screens-import-next');
    await screen.findByTestId('screens-map-table');
    expect(screen.getByText('PLC1 / running')).toBeTruthy();
  });

  it('SVG into a project: named screen, the device found by name, a TAG of that device', async () => {
    api.routes.set(`GET /v1/projects/${PROJECT_ID}`, () => ({
      id: PROJECT_ID,
      name: 'Line',
      device_count: 2,
      devices: [
        { id: 7, name: 'Oven_1', sn: 'SN-7', model: 'X10', online: 1 },
        { id: 8, name: 'Oven_2', sn: 'SN-8', model: 'X10', online: 0 },
      ],
      created_at: 1700000000,
      updated_at: 1700000000,
    }));
    api.routes.set('GET /v1/devices/8/tags', () => ({
      list: [
        {
          id: 1,
          name: 'temperature',
          data_type: 9,
          access: 0,
          save_history: true,
          description: '',
          value: null,
          ts: null,
          quality: 'good',
          quality_reason: null,
          quality_ts: null,
        },
      ],
      total: 1,
    }));
    const variable = { source: 'Oven_2^~^temp', device: 'Oven_2', tag: 'temp', binding: null, widgets: 1 };
    // A second variable of the same device: its TAGs are asked for once, not per variable.
    const speed = { source: 'Oven_2^~^speed', device: 'Oven_2', tag: 'speed', binding: null, widgets: 1 };
    const report: ImportReport = {
      screens: [{ name: 'Panel', widgets: 2, unmapped: [], items: [] }],
      variables: [variable, speed],
    };
    api.routes.set('POST /v1/screens/import', (req: Recorded) =>
      (req.body as { dry_run: boolean }).dry_run
        ? { screens: [], report }
        : {
            screens: [screenRow(40, { template_id: null, project_id: PROJECT_ID })],
            report: {
              ...report,
              variables: [{ ...variable, binding: { device_id: 8, tag: 'temperature' } }],
            },
          },
    );
    renderModal(project);
    click('screens-import-kind-svg');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    chooseFile(new File([svg], 'panel.svg', { type: 'image/svg+xml' }));
    fireEvent.change(screen.getByTestId('screens-import-name'), { target: { value: ' Panel ' } });
    await screen.findByTestId('screens-import-chosen');
    click('screens-import-check');
    await screen.findByTestId('screens-import-report');
    expect(imports()[0]?.body).toMatchObject({
      kind: 'svg',
      project_id: PROJECT_ID,
      name: 'Panel',
      filename: 'panel.svg',
    });
    click('screens-import-next');
    // The variable names Oven_2: that device starts chosen, its TAGs are offered.
    await waitFor(() =>
      expect(screen.getByTestId('screens-map-device-0').closest('.ant-select')?.textContent).toBe('Oven_2'),
    );
    await pick('screens-map-tag-0', 'temperature');
    await pick('screens-map-tag-1', 'temperature');
    expect(api.callsTo('GET /v1/devices/8/tags')).toHaveLength(1);
    click('screens-import-submit');
    const done = await screen.findByTestId('screens-import-done');
    expect(done.textContent).toContain(v('screens:import.done', { count: 1 }));
    expect(imports()[1]?.body).toMatchObject({
      tag_map: { 'Oven_2^~^temp': { device_id: 8, tag: 'temperature' } },
    });
    expect(screen.getByText('Oven_2 / temperature')).toBeTruthy();
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)('documents the SVG data attributes in %s', async (locale) => {
    await setLanguage(locale);
    renderModal(template);
    expect(screen.queryByTestId('screens-svg-help')).toBeNull();
    click('screens-import-kind-svg');
    fireEvent.click(await screen.findByText(v('screens:svgHelp.title')));
    const help = screen.getByTestId('screens-svg-help');
    expect(await within(help).findByText(v('screens:svgHelp.attrs.widget'))).toBeTruthy();
    expect(within(help).getByText('data-hmi-ranges')).toBeTruthy();
    expect(within(help).getByText(v('screens:svgHelp.attrs.ranges'))).toBeTruthy();
  });

  it('shows a 2001 refusal with its reason and a 1006 with its field, translated', async () => {
    api.routes.set('POST /v1/screens/import', () =>
      refuse(2001, { reason: 'view Oven: mismatched end tag' }),
    );
    renderModal(template);
    click('screens-import-kind-fuxa');
    chooseFile(new File(['{'], 'broken.json'));
    await screen.findByTestId('screens-import-chosen');
    click('screens-import-check');
    const refusal = await screen.findByTestId('screens-import-refusal');
    expect(within(refusal).getByText(v('screens:import.refused'))).toBeTruthy();
    expect(within(refusal).getByText('Reason: view Oven: mismatched end tag')).toBeTruthy();
    // Still on the first step: the file can be corrected.
    expect(screen.getByTestId('screens-import-check')).toBeTruthy();

    await setLanguage('zh-TW');
    api.routes.set('POST /v1/screens/import', () =>
      refuse(1006, { field: 'content_base64', issue: 'fileFormat' }),
    );
    click('screens-import-check');
    await waitFor(() =>
      expect(screen.getByTestId('screens-import-refusal').textContent).toContain(
        v('screens:import.issues.fileFormat'),
      ),
    );
    expect(screen.getByTestId('screens-import-refusal').textContent).toContain('欄位：檔案');

    api.routes.set('POST /v1/screens/import', () =>
      refuse(1006, { field: 'screens.0.widgets.2.binding.tag', issue: 'unknownId', widget: 'VAL_temp' }),
    );
    click('screens-import-check');
    await waitFor(() =>
      expect(screen.getByTestId('screens-import-refusal').textContent).toContain('元件：VAL_temp'),
    );
    expect(screen.getByTestId('screens-import-refusal').textContent).toContain(
      v('screens:import.issues.unknownId'),
    );
  });

  it("shows a coded 2001 refusal in the reader's language, not the server's English", async () => {
    api.routes.set('POST /v1/screens/import', () =>
      refuse(2001, {
        reason: 'view Oven: not well-formed XML: mismatched end tag',
        reason_code: 'svgMalformed',
        params: { view: 'Oven', construct: 'endTag' },
      }),
    );
    renderModal(template);
    click('screens-import-kind-fuxa');
    chooseFile(new File(['{}'], 'oven.json'));
    await screen.findByTestId('screens-import-chosen');
    click('screens-import-check');
    const refusal = await screen.findByTestId('screens-import-refusal');
    expect(
      within(refusal).getByText('Reason: The drawing is not well-formed SVG: an end tag that does not match'),
    ).toBeTruthy();
    expect(within(refusal).getByText('FUXA view: Oven')).toBeTruthy();

    await setLanguage('zh-CN');
    api.routes.set('POST /v1/screens/import', () =>
      refuse(2001, {
        reason: 'inflates to more than 67108864 bytes',
        reason_code: 'tooLarge',
        params: { limit: 64 * 1024 * 1024 },
      }),
    );
    click('screens-import-check');
    await waitFor(() =>
      expect(screen.getByTestId('screens-import-refusal').textContent).toContain(
        '原因：归档解压后超过 64 MB',
      ),
    );
    expect(screen.getByTestId('screens-import-refusal').textContent).not.toContain('inflates');
  });

  it('refuses a file over the size limit before sending it', async () => {
    renderModal(template);
    const big = new File(['x'], 'big.zip');
    Object.defineProperty(big, 'size', { value: 9 * 1024 * 1024 });
    click('screens-import-kind-archive');
    chooseFile(big);
    expect(await screen.findByText(v('validation:fileTooLarge'))).toBeTruthy();
    expect(screen.queryByTestId('screens-import-chosen')).toBeNull();
    expect(imports()).toHaveLength(0);
  });
});
