import { Tooltip, Typography } from 'antd';
import { shortGroupPath } from '@hmi/contract';

export const GROUP_PATH_SEPARATOR = ' / ';

/**
 * A device's group path as the spec shows it: in full up to 3 levels, beyond that the first, middle
 * and last names. `full` (the whole path, when the screen knows it) is offered as a tooltip.
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
  const text = shortGroupPath(names).join(GROUP_PATH_SEPARATOR);
  const whole = full && full.length > shortGroupPath(full).length ? full.join(GROUP_PATH_SEPARATOR) : null;
  const shown = <span data-testid={testId}>{text}</span>;
  return whole ? <Tooltip title={whole}>{shown}</Tooltip> : shown;
}
