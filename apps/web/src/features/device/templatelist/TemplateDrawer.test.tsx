// @vitest-environment jsdom
/**
 * The template drawer against a real local HTTP server speaking the contract: the template and its
 * TAG table, a save that reloads both (the version rises), a refused save that keeps the table, and
 * the view-only user (8 without 11) who sees no import or save.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode, Permission, TagDataType, type Tag } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { refuse, serveApi, signInAs } from '../../../test/apiServer';
import { tagRow } from '../../../test/alarmFixtures';
import { TemplateDrawer } from './TemplateDrawer';

const TEMPLATE = 5;
const main = { is_main: true, permissions: [] };
const v = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

let version = 1;
let tags: Tag[] = [];
const templateRow = () => ({
  id: TEMPLATE,
  name: 'Oven',
  hmi_model: 'HMI-7000',
  version,
  firmware: '',
  recipe: '',
  device_count: 0,
  tag_count: tags.length,
  created_at: 1700000000,
  updated_at: 1700000000,
  expired: false,
});

const api = serveApi();
beforeAll(() => setLanguage('en-US'));
beforeEach(() => {
  version = 1;
  tags = [tagRow(1, 'Speed', TagDataType.UINT16)];
  api.routes.set(`GET /v1/templates/${TEMPLATE}`, templateRow);
  api.routes.set(`GET /v1/templates/${TEMPLATE}/tags`, () => ({ list: tags, total: tags.length, version }));
  api.routes.set(`PUT /v1/templates/${TEMPLATE}/tags`, (req) => {
    const body = req.body as { tags: { name: string; data_type: number }[] };
    version += 1;
    tags = body.tags.map((t, i) => tagRow(i + 1, t.name, t.data_type));
    return { list: tags, total: tags.length, version };
  });
  api.calls.length = 0;
});

const renderDrawer = () => renderPage(<TemplateDrawer templateId={TEMPLATE} onClose={() => undefined} />);
const nameInput = () => screen.getByTestId<HTMLInputElement>('tag-name-0');

describe('template drawer', { timeout: 60000 }, () => {
  it('shows the template and its TAGs; a save reloads both and the version rises', async () => {
    await signInAs(api, main);
    renderDrawer();
    expect(await screen.findByText(v('template:drawer.title', { name: 'Oven' }))).toBeTruthy();
    await waitFor(() => expect(nameInput().value).toBe('Speed'));
    fireEvent.change(nameInput(), { target: { value: 'Rate' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText(v('template:tag.saved', { version: 2 }))).toBeTruthy();
    expect(api.callsTo(`PUT /v1/templates/${TEMPLATE}/tags`)).toHaveLength(1);
    // Both reads were asked again, so the drawer shows the stored table and version.
    expect(api.callsTo(`GET /v1/templates/${TEMPLATE}`)).toHaveLength(2);
    expect(api.callsTo(`GET /v1/templates/${TEMPLATE}/tags`)).toHaveLength(2);
    await waitFor(() => expect(nameInput().value).toBe('Rate'));
  });

  it('keeps the edited table and asks nothing again when the save is refused', async () => {
    api.routes.set(`PUT /v1/templates/${TEMPLATE}/tags`, () => refuse(ErrorCode.TEMPLATE_LIMIT));
    await signInAs(api, main);
    renderDrawer();
    await waitFor(() => expect(nameInput().value).toBe('Speed'));
    fireEvent.change(nameInput(), { target: { value: 'Rate' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(api.callsTo(`PUT /v1/templates/${TEMPLATE}/tags`)).toHaveLength(1));
    expect(await screen.findByText(v(`errors.${ErrorCode.TEMPLATE_LIMIT}`))).toBeTruthy();
    expect(api.callsTo(`GET /v1/templates/${TEMPLATE}/tags`)).toHaveLength(1);
    expect(nameInput().value).toBe('Rate');
  });

  it('shows a view-only user the table without import or save', async () => {
    await signInAs(api, { is_main: false, permissions: [Permission.TEMPLATE_VIEW] });
    renderDrawer();
    expect(await screen.findByText('Speed')).toBeTruthy();
    expect(screen.getByTestId('tag-export')).toBeTruthy();
    expect(screen.queryByTestId('tag-import')).toBeNull();
    expect(screen.queryByTestId('tag-save')).toBeNull();
  });
});
