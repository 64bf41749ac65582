/**
 * The data-centre picker's antd `Select` (with rc-select and its virtual list, ~20 KB compressed):
 * loaded on the picker's first use, so the login page's first load goes without it.
 */
import { Select } from 'antd';
import type { ReactNode } from 'react';
import type { DataCenter } from '@hmi/contract';
import type { DataCenterPickerProps } from './DataCenterPicker';

/** The picker's look (id, size, block) and what the picker makes of the rest. */
export interface DataCenterSelectProps extends Pick<DataCenterPickerProps, 'id' | 'size' | 'block'> {
  label: string;
  value: DataCenter;
  onChange: (value: DataCenter) => void;
  options: { value: DataCenter; label: ReactNode }[];
  /** Opened by the press that loaded it: open and focused at once. */
  open: boolean;
}

export function DataCenterSelect({ label, block, open, ...select }: DataCenterSelectProps) {
  return (
    <Select<DataCenter>
      {...select}
      data-testid="data-center-picker"
      aria-label={label}
      defaultOpen={open}
      autoFocus={open}
      popupMatchSelectWidth={false}
      style={block ? { width: '100%' } : { minWidth: 120 }}
    />
  );
}
