/**
 * The data-centre picker's antd `Select` (with rc-select and its virtual list, ~20 KB compressed):
 * loaded on the picker's first use, so the login page's first load goes without it.
 */
import { Select } from 'antd';
import type { ReactNode } from 'react';
import type { DataCenter } from '@hmi/contract';

export interface DataCenterSelectProps {
  id?: string;
  label: string;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  value: DataCenter;
  onChange: (value: DataCenter) => void;
  options: { value: DataCenter; label: ReactNode }[];
  /** Opened by the press that loaded it: open and focused at once. */
  open: boolean;
}

export function DataCenterSelect({
  id,
  label,
  size,
  block,
  value,
  onChange,
  options,
  open,
}: DataCenterSelectProps) {
  return (
    <Select<DataCenter>
      id={id}
      data-testid="data-center-picker"
      aria-label={label}
      size={size}
      value={value}
      onChange={onChange}
      defaultOpen={open}
      autoFocus={open}
      popupMatchSelectWidth={false}
      style={block ? { width: '100%' } : { minWidth: 120 }}
      options={options}
    />
  );
}
