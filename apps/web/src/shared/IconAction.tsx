/**
 * A row action as an icon with its name in a tooltip and as its accessible name: four text links
 * made the device list's fixed actions column 338 px wide in English, covering the columns under it
 * at 1440 px (issue 25).
 */
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface IconActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}

export function IconAction({ label, icon, onClick, danger, testId }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        danger={danger}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
