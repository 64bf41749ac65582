import { ErrorCode } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { authorize, sees } from './authorize';
import type { Scope } from './scope';

/** A sub-account of team 7 granted group 2, template 20 and project 30. */
const sub: Scope = {
  userId: 5,
  teamId: 7,
  all: false,
  groups: [],
  groupIds: new Set([2]),
  templateIds: new Set([20]),
  projectIds: new Set([30]),
};
const main: Scope = { ...sub, all: true, templateIds: null, projectIds: null };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof AppError ? err.code : err;
  }
  return 'allowed';
};

describe('the policy for objects', () => {
  it('returns the row a sub-account sees through its grants', () => {
    const device = { id: 1, team_id: 7, group_id: 2, name: 'press' };
    expect(authorize(sub, 'device', device)).toBe(device);
    expect(authorize(sub, 'template', { id: 20, team_id: 7 })).toEqual({ id: 20, team_id: 7 });
    expect(authorize(sub, 'project', { id: 30, team_id: 7 })).toEqual({ id: 30, team_id: 7 });
    expect(authorize(sub, 'group', { id: 2 })).toEqual({ id: 2 });
  });

  it('refuses with 1003 a missing row, another team, or an object outside the grants', () => {
    expect(refusal(() => authorize(sub, 'device', undefined))).toBe(ErrorCode.NO_DATA);
    expect(refusal(() => authorize(sub, 'device', { team_id: 8, group_id: 2 }))).toBe(ErrorCode.NO_DATA);
    expect(refusal(() => authorize(sub, 'device', { team_id: 7, group_id: null }))).toBe(ErrorCode.NO_DATA);
    expect(refusal(() => authorize(sub, 'template', { id: 21, team_id: 7 }))).toBe(ErrorCode.NO_DATA);
    expect(refusal(() => authorize(sub, 'project', { id: 31, team_id: 7 }))).toBe(ErrorCode.NO_DATA);
    expect(refusal(() => authorize(sub, 'group', { id: 3 }))).toBe(ErrorCode.NO_DATA);
  });

  it("refuses with the call's own code when it names one", () => {
    const code = ErrorCode.ILLEGAL_TEMPLATE_ID;
    expect(refusal(() => authorize(sub, 'template', { id: 21, team_id: 7 }, code))).toBe(code);
    expect(refusal(() => authorize(sub, 'template', null, code))).toBe(code);
  });

  it("lets the main account see every object of its team, and none of another team's", () => {
    expect(sees(main, 'device', { team_id: 7, group_id: null })).toBe(true);
    expect(sees(main, 'template', { id: 99, team_id: 7 })).toBe(true);
    expect(sees(main, 'project', { id: 99, team_id: 8 })).toBe(false);
    expect(refusal(() => authorize(main, 'device', { team_id: 8, group_id: 2 }))).toBe(ErrorCode.NO_DATA);
  });
});
