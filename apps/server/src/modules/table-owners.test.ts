import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One module owns each table: every insert, update and delete of it is in that module's files.
 * Outside `modules/` a file writes no module's table (the operator CLI goes through the modules);
 * `platform` owns only its own tables. Shared, column by column: on `devices` the devices module owns
 * the registry columns, connectivity the device's runtime state (online, its change time, the HMI's
 * config version) and alarms its out-of-service columns; on `alarm_rules` and `templates` the alarms
 * module writes only its own operating columns (a rule out of service; a template's offline alarm).
 */
const SHARED: Record<string, readonly string[]> = {
  devices: ['alarms', 'connectivity', 'devices'],
  alarm_rules: ['alarm-rules', 'alarms'],
  templates: ['alarms', 'templates'],
};

/** Test helpers set up state directly; migrations write what their schema change needs. */
const NOT_WRITERS = /^(test|abuse)\/|^platform\/db\/migrations\//;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The module of a source file (`modules/x/…` → `x`), else its top folder or file (`platform`, `admin.ts`). */
function ownerOf(relative: string): string {
  const [top = '', second = ''] = relative.split('/');
  return top === 'modules' ? second : top;
}

describe('table ownership', () => {
  it('has one writing module per table', () => {
    const root = join(__dirname, '..');
    const writers = new Map<string, Set<string>>();
    for (const file of sources(root)) {
      const relative = file.slice(root.length + 1);
      if (NOT_WRITERS.test(relative)) continue;
      const module = ownerOf(relative);
      for (const m of readFileSync(file, 'utf8').matchAll(
        /(?:insertInto|updateTable|deleteFrom)\('(\w+)'\)/g,
      )) {
        const table = m[1] ?? '';
        if (!writers.has(table)) writers.set(table, new Set());
        writers.get(table)?.add(module);
      }
    }
    expect(writers.size).toBeGreaterThan(20);
    const shared = [...writers]
      .filter(([table, mods]) => mods.size > 1 && (SHARED[table]?.join() ?? '') !== [...mods].sort().join())
      .map(([table, mods]) => `${table}: ${[...mods].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
