// @vitest-environment jsdom
/**
 * The data-permissions dialog against a real local API server: a group is granted by clicking its
 * name as well as its checkbox (clicking the name once said "saved" and granted nothing).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TeamMember } from '@hmi/contract';
import { emptyPage, signInAs, serveApi } from '../../../test/apiServer';
import { renderPage, setLanguage } from '../../../test/render';
import { DataPermissionModal } from './DataPermissionModal';

const member: TeamMember = {
  id: 5,
  account: 'worker@example.com',
  name: 'Worker',
  alias_name: '',
  email: 'worker@example.com',
  phone: null,
  contact: '',
  is_main: false,
  role_id: null,
  role_name: null,
  created_at: 1700000000,
  joined_at: 1700000000,
};

const group = (id: number, name: string, parent: { id: number; name: string } | null) => ({
  id,
  parent_id: parent?.id ?? null,
  name,
  title: name,
  key: String(id),
  level: parent ? 2 : 1,
  parent_name: parent?.name ?? '',
  children: [],
  device_count: 0,
});

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/groups', () => [
    { ...group(1, 'Plant A', null), children: [group(2, 'Line 1', { id: 1, name: 'Plant A' })] },
  ]);
  api.routes.set('GET /v1/templates', emptyPage);
  api.routes.set('GET /v1/projects', emptyPage);
  api.routes.set('GET /v1/team/members/5/data-permissions', () => ({
    group_ids: [],
    template_ids: [],
    project_ids: [],
  }));
  api.routes.set('PUT /v1/team/members/5/data-permissions', (req) => ({
    group_ids: [],
    template_ids: [],
    project_ids: [],
    ...(req.body as object),
  }));
  await setLanguage('en-US');
});

describe('data permissions dialog', { timeout: 30000 }, () => {
  it("clicking a group's name grants it, clicking again takes it back, and the save sends it", async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<DataPermissionModal member={member} onClose={() => undefined} />);
    const name = await screen.findByText('Line 1');
    const save = document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLButtonElement;
    // The server has seen the request before its answer reaches the dialog: until the current grants
    // arrive, a click grants nothing and the save button is disabled.
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(name);
    fireEvent.click(screen.getByText('Plant A'));
    fireEvent.click(screen.getByText('Plant A'));
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('PUT /v1/team/members/5/data-permissions')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/team/members/5/data-permissions')[0]?.body).toMatchObject({ group_ids: [2] });
  });
});
