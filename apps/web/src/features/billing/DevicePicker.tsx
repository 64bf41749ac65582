/**
 * A device select that scales to thousands of devices: it asks the server for one page at a time
 * (keyword search, the next page when the list is scrolled to its end) instead of loading them all.
 */
import { useEffect, useRef, useState, type CSSProperties, type UIEvent } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDevices } from '../../api/devices';

const PAGE_SIZE = 20;
/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

export interface PickedDevice {
  id: number;
  name: string;
}

interface DevicePickerProps {
  /** Form.Item passes value, onChange and id. */
  value?: number;
  onChange?: (id: number | undefined, device: PickedDevice | undefined) => void;
  id?: string;
  /** The device already chosen, so its name shows before any page is loaded. */
  initial?: PickedDevice;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  testId?: string;
}

interface Page {
  keyword: string;
  page: number;
  total: number;
  options: { value: number; label: string }[];
}

export function DevicePicker({
  value,
  onChange,
  id,
  initial,
  allowClear,
  disabled,
  style,
  testId,
}: DevicePickerProps) {
  const { t } = useTranslation('billing');
  const [keyword, setKeyword] = useState('');
  const [list, setList] = useState<Page | null>(null);
  const [loading, setLoading] = useState(false);
  // Answers of an older search are dropped.
  const latest = useRef(0);

  const load = (word: string, page: number) => {
    const ticket = ++latest.current;
    setLoading(true);
    listDevices({ page, pageSize: PAGE_SIZE, keyword: word || undefined })
      .then((r) => {
        if (ticket !== latest.current) return;
        const options = r.list.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }));
        setList((prev) => ({
          keyword: word,
          page,
          total: r.total,
          options: page > 1 && prev ? [...prev.options, ...options] : options,
        }));
      })
      .catch(() => undefined)
      .finally(() => ticket === latest.current && setLoading(false));
  };

  useEffect(() => {
    const timer = setTimeout(() => load(keyword, 1), keyword ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [keyword]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const more = list && list.options.length < list.total;
    if (more && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 8)
      load(list.keyword, list.page + 1);
  };

  const options = list?.options ?? [];
  const shown =
    initial && !options.some((o) => o.value === initial.id)
      ? [{ value: initial.id, label: initial.name }, ...options]
      : options;

  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(v, option) => {
        const picked = Array.isArray(option) ? undefined : option;
        onChange?.(v, picked && v !== undefined ? { id: v, name: String(picked.label) } : undefined);
      }}
      options={shown}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onPopupScroll={onScroll}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={t('picker.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : t('picker.none')}
      style={style ?? { width: '100%' }}
      data-testid={testId}
    />
  );
}
