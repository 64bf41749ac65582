import { ErrorCode, type NumericErrorCode } from '@hmi/contract';
import { fail } from '../../platform/errors';
import { canSeeDevice, canSeeGroup, canSeeProject, canSeeTemplate, type Scope } from './scope';

/**
 * The one policy for objects: may the caller (their scope) see this device, template, project or
 * group? Each module loads its own rows (one owner per table) and asks here, in the manner of
 * Outline's authorize(), so the rule is written once instead of in every service.
 */
interface Shapes {
  device: { team_id: number; group_id: number | null };
  template: { id: number; team_id: number };
  project: { id: number; team_id: number };
  group: { id: number };
}
export type ObjectKind = keyof Shapes;

const rules: { [K in ObjectKind]: (scope: Scope, row: Shapes[K]) => boolean } = {
  device: canSeeDevice,
  template: canSeeTemplate,
  project: canSeeProject,
  group: (scope, row) => canSeeGroup(scope, row.id),
};

/** Whether the scope sees `row` (filters; naming an object only to those who see it). */
export function sees<K extends ObjectKind>(scope: Scope, kind: K, row: Shapes[K]): boolean {
  return rules[kind](scope, row);
}

/**
 * `row` when it exists and the scope sees it; otherwise fails with 1003, or with the code the call's
 * contract names for an object it may not use (1029 for a template picked in a form, say).
 */
export function authorize<K extends ObjectKind, T extends Shapes[K]>(
  scope: Scope,
  kind: K,
  row: T | null | undefined,
  refusal: NumericErrorCode = ErrorCode.NO_DATA,
): T {
  if (!row || !sees(scope, kind, row)) fail(refusal);
  return row;
}
