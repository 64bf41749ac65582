/** The permission ids stored as JSON text on a role (the one parser: roles, sessions, team). */
export function parsePermissionList(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}
