import { Tooltip, Typography } from 'antd';
import { GROUP_PATH_FULL_LEVELS } from '@hmi/contract';

export const GROUP_PATH_SEPARATOR = ' / ';
/** Stands where the shortened path leaves levels out. */
export const GROUP_PATH_GAP = '…';

/**
 * The names a deep path shows (first, middle and last, as `shortGroupPath` picks them) with a gap
 * mark wherever levels are left out, so "A / B / D" cannot be read as a 3-level path.
 */
export function markedGroupPath(names: readonly string[]): string[] {
  if (names.length <= GROUP_PATH_FULL_LEVELS) return [...names];
  const last = names.length - 1;
  const middle = Math.floor(last / 2);
  return [
    names[0] ?? '',
    ...(middle > 1 ? [GROUP_PATH_GAP] : []),
    names[middle] ?? '',
    ...(last - middle > 1 ? [GROUP_PATH_GAP] : []),
    names[last] ?? '',
  ];
}

/**
 * A device's group path as the spec shows it: in full up to 3 levels, beyond that the first, middle
 * and last names with "…" where levels are hidden. `full` (the whole path, when the screen knows
 * it; `names` may come shortened by the server) is what the marks are placed from, and is offered as
 * a tooltip and the title.
 */
export function GroupPath({
  names,
  full,
  testId,
}: {
  names: readonly string[];
  full?: readonly string[];
  testId?: string;
}) {
  if (!names.length) return <Typography.Text type="secondary">-</Typography.Text>;
  const path = full && full.length >= names.length ? full : names;
  const text = markedGroupPath(path).join(GROUP_PATH_SEPARATOR);
  const whole = path.length > GROUP_PATH_FULL_LEVELS ? path.join(GROUP_PATH_SEPARATOR) : null;
  if (!whole) return <span data-testid={testId}>{text}</span>;
  return (
    <Tooltip title={whole}>
      <span data-testid={testId} title={whole}>
        {text}
      </span>
    </Tooltip>
  );
}
