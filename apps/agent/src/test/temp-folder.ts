import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface TempFolder {
  /** The folder's path, set once the hook ran. */
  readonly path: string;
}

/**
 * Registers the hooks that make a temporary folder (`prefix` + random) before the file's tests and
 * remove it with its contents after them. Registered before the hooks that start peers writing into
 * it, it is removed after they stopped ("after" hooks run as a stack).
 */
export function useTempFolder(prefix: string): TempFolder {
  let path: string | undefined;
  beforeAll(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (path) rmSync(path, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!path) throw new Error('the temporary folder is read before its hook ran');
      return path;
    },
  };
}
