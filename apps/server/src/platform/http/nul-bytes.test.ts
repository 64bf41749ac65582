import {
  createLabel,
  createTemplate,
  forgetVerify,
  listDevices,
  listLabels,
  listProjects,
  login,
  putTemplateTags,
  resendMail,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { accountSuite } from '../../test/suite';

/**
 * PostgreSQL refuses U+0000 in text, so a NUL byte that reached SQL was a 500 there. Every string
 * of every request is checked in one place, before the call's schema: 1006 naming the field, on
 * both databases, public calls included.
 */
describe.each(databases)('NUL bytes in requests on $name', (database) => {
  const ctx = accountSuite(database);

  const expectField = (r: { status: number; body: unknown }, field: string) => {
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 1006, data: { field } });
  };

  it('refuses them in a label name, a keyword filter and a nested body field', async () => {
    expectField(
      await api(ctx.h.app, createLabel, { token: ctx.main.token, body: { name: 'L\u0000' } }),
      'name',
    );
    expectField(
      await api(ctx.h.app, listDevices, { token: ctx.main.token, query: { keyword: 'a\u0000b' } }),
      'keyword',
    );
    expectField(
      await api(ctx.h.app, listProjects, {
        token: ctx.main.token,
        query: { page: 1, pageSize: 20, keyword: '\u0000' },
      }),
      'keyword',
    );
    const tpl = await api(ctx.h.app, createTemplate, {
      token: ctx.main.token,
      body: { name: 'Tnul', hmi_model: 'X10' },
    });
    expectField(
      await api(ctx.h.app, putTemplateTags, {
        token: ctx.main.token,
        params: { id: tpl.body.data.id },
        body: {
          tags: [
            { name: 'ok', data_type: 7, access: 0 },
            { name: 'x\u0000', data_type: 7, access: 0 },
          ],
        },
      }),
      'tags.1.name',
    );
    // Nothing was written.
    const labels = await api(ctx.h.app, listLabels, { token: ctx.main.token });
    expect(labels.body.data.list).toEqual([]);
  });

  it('refuses them in the public login, password-recovery and resend calls', async () => {
    expectField(
      await api(ctx.h.app, login, { query: { type: '1' }, body: { user: 'a\u0000@x.com', passwd: 'x' } }),
      'user',
    );
    expectField(
      await api(ctx.h.app, login, {
        query: { type: '1' },
        body: { user: ctx.main.username, passwd: 'p\u0000' },
      }),
      'passwd',
    );
    expectField(await api(ctx.h.app, forgetVerify, { body: { username: '\u0000' } }), 'username');
    expectField(
      await api(ctx.h.app, resendMail, { query: { type: 1 }, body: { username: 'a@b.c\u0000' } }),
      'username',
    );
  });
});
