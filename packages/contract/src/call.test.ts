import { describe, expect, it } from 'vitest';
import { mayCall, permissionIdsOf } from './call';
import { HAS_PERMISSION } from './permissions';

const sub = (permissions: number[]) => ({ is_main: false, permissions });
const anyOf = { anyOf: [25, 26, 28] } as const;

describe('call permissions', () => {
  it('anyOf passes on any one listed id, for the main account, and never without one', () => {
    expect(mayCall(sub([26]), anyOf)).toBe(true);
    expect(mayCall(sub([24, 28]), anyOf)).toBe(true);
    expect(mayCall({ is_main: true, permissions: [] }, anyOf)).toBe(true);
    expect(mayCall(sub([24, 27, 29]), anyOf)).toBe(false);
  });

  it('one id and hasPermission keep the spec check', () => {
    expect(mayCall(sub([24]), 24)).toBe(true);
    expect(mayCall(sub([25]), 24)).toBe(false);
    expect(mayCall(sub([]), HAS_PERMISSION)).toBe(true);
  });

  it('names the ids a call needs', () => {
    expect(permissionIdsOf(anyOf)).toEqual([25, 26, 28]);
    expect(permissionIdsOf(24)).toEqual([24]);
    expect(permissionIdsOf(HAS_PERMISSION)).toEqual([]);
  });
});
