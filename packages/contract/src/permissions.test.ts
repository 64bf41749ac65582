import { describe, expect, it } from 'vitest';
import { buildMenu, defaultChildPath, landingPath } from './menu';
import {
  allPermissionIds,
  HAS_PERMISSION,
  hasPermission,
  MAIN_ACCOUNT,
  PERMISSION_COUNT,
  Permission,
  permissionGroups,
  withViewFirst,
} from './permissions';

const sub = (permissions: number[]) => ({ is_main: false, permissions });
const main = { is_main: true, permissions: [] };
const keys = (menu: ReturnType<typeof buildMenu>) =>
  menu.flatMap((e) => [e.key, ...(e.children ?? []).map((c) => c.key)]);

describe('permission ids', () => {
  it('has the 43 distinct ids of the table, each area view first, and the count constant 45', () => {
    expect(new Set(allPermissionIds).size).toBe(allPermissionIds.length);
    expect([...allPermissionIds].sort((a, b) => a - b)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    for (const g of permissionGroups) expect(g.ids[0]).toBe(g.view);
    expect(PERMISSION_COUNT).toBe(45);
  });

  it('passes for hasPermission, for the main account, or for a held id', () => {
    expect(hasPermission(sub([]), HAS_PERMISSION)).toBe(true);
    expect(hasPermission(main, Permission.USER_DELETE)).toBe(true);
    expect(hasPermission(sub([27]), Permission.USER_DELETE)).toBe(true);
    expect(hasPermission(sub([24]), Permission.USER_DELETE)).toBe(false);
  });

  it('passes mainAccount for the main account only, whatever ids a sub-account holds', () => {
    expect(hasPermission(main, MAIN_ACCOUNT)).toBe(true);
    expect(hasPermission(sub([...allPermissionIds]), MAIN_ACCOUNT)).toBe(false);
    expect(keys(buildMenu(main))).toContain('audit');
    expect(keys(buildMenu(sub([...allPermissionIds])))).not.toContain('audit');
  });

  it('adds the view of every touched area and orders view first', () => {
    expect(withViewFirst([35, 27, 99, 27])).toEqual([24, 27, 33, 35]);
    expect(withViewFirst([30])).toEqual([33, 30]);
  });
});

describe('menu', () => {
  it('gives the main account the full menu and the dashboard landing', () => {
    expect(keys(buildMenu(main))).toContain('dashboard');
    expect(keys(buildMenu(main))).toHaveLength(7 + 4 + 2 + 3 + 5);
    expect(landingPath(main)).toBe('/dashboard');
  });

  it('always keeps profile, system and alarm messages; the dashboard only with its id', () => {
    const bare = keys(buildMenu(sub([])));
    expect(bare).toEqual(['message', 'msgSystem', 'msgAlarm', 'system', 'profile']);
    expect(landingPath(sub([]))).toBe('/system');
    expect(landingPath(sub([1]))).toBe('/dashboard');
    expect(keys(buildMenu(sub([1, 23])))).toEqual([
      'dashboard',
      'message',
      'msgSystem',
      'msgAlarm',
      'msgBilling',
      'system',
      'profile',
    ]);
  });

  it('drops a parent without visible children and picks the first allowed default child', () => {
    expect(keys(buildMenu(sub([13])))).toContain('devicegroup');
    expect(keys(buildMenu(sub([13])))).not.toContain('billing');
    expect(defaultChildPath(sub([13]), '/device')).toBe('/device/devicegroup');
    expect(defaultChildPath(main, '/device')).toBe('/device/devicelist');
  });

  it('shows the alarm records and performance (beyond the spec) with the device view id only', () => {
    expect(keys(buildMenu(sub([2])))).toEqual([
      'device',
      'devicelist',
      'alarmrecords',
      'alarmperformance',
      'message',
      'msgSystem',
      'msgAlarm',
      'system',
      'profile',
    ]);
    expect(keys(buildMenu(sub([8])))).not.toContain('alarmrecords');
    expect(keys(buildMenu(sub([8])))).not.toContain('alarmperformance');
  });
});
