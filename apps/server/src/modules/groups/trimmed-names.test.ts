import { createGroup, createLabel, listGroups, listLabels, updateGroup, updateLabel } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { accountSuite } from '../../test/suite';

/**
 * Group and label names are trimmed like role, template and rule names, so the uniqueness rules of
 * the spec (group names among siblings, label names in the team) cannot be walked around with
 * spaces.
 */
describe.each(databases)('trimmed group and label names on $name', (database) => {
  const ctx = accountSuite(database);

  const add = (def: typeof createGroup | typeof createLabel, name: string) =>
    api(ctx.h.app, def, { token: ctx.main.token, body: { name } });
  const rename = (def: typeof updateGroup | typeof updateLabel, id: number, name: string) =>
    api(ctx.h.app, def, { token: ctx.main.token, params: { id }, body: { name } });

  it('stores a group name trimmed; " G " beside "G" is a duplicate, on create and rename', async () => {
    const g = await add(createGroup, '  Line A  ');
    expect(g.body).toMatchObject({ code: 0, data: { name: 'Line A' } });
    expect((await add(createGroup, ' Line A ')).body).toMatchObject({ code: 1083 });
    const other = await add(createGroup, 'Line B');
    expect((await rename(updateGroup, other.body.data.id, 'Line A\t')).body).toMatchObject({
      code: 1083,
    });
    expect((await rename(updateGroup, other.body.data.id, ' Line C ')).body).toMatchObject({
      code: 0,
    });
    const tree = await api(ctx.h.app, listGroups, { token: ctx.main.token });
    expect(tree.body.data.map((n) => n.name).sort()).toEqual(['Line A', 'Line C']);
  });

  it('stores a label name trimmed; " L " beside "L" is a duplicate, on create and rename', async () => {
    const l = await add(createLabel, ' L ');
    expect(l.body).toMatchObject({ code: 0, data: { name: 'L' } });
    expect((await add(createLabel, 'L')).body).toMatchObject({ code: 1086 });
    expect((await add(createLabel, 'L  ')).body).toMatchObject({ code: 1086 });
    const m = await add(createLabel, 'M');
    expect((await rename(updateLabel, m.body.data.id, ' L')).body).toMatchObject({
      code: 1086,
    });
    expect((await add(createLabel, '   ')).body).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'whitespace' },
    });
    const list = await api(ctx.h.app, listLabels, { token: ctx.main.token });
    expect(list.body.data.list.map((x) => x.name).sort()).toEqual(['L', 'M']);
  });
});
