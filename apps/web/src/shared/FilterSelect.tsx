import { Select } from 'antd';

/** The option standing for "no filter"; never a value of a filter itself. */
const ALL = 'all';

interface FilterSelectProps<V extends string | number> {
  /** The filter's value; undefined shows the "all" option. */
  value: V | undefined;
  allLabel: string;
  options: readonly { value: V; label: string }[];
  /** Called with undefined when "all" is picked. */
  onChange: (value: V | undefined) => void;
  width: number;
  testId?: string;
}

/** A list filter: one select whose first option, "all", clears the filter. */
export function FilterSelect<V extends string | number>({
  value,
  allLabel,
  options,
  onChange,
  width,
  testId,
}: FilterSelectProps<V>) {
  return (
    <Select<V | typeof ALL>
      value={value ?? ALL}
      style={{ width }}
      onChange={(v) => onChange(v === ALL ? undefined : v)}
      options={[{ value: ALL, label: allLabel }, ...options]}
      // Named by what it filters ("all levels"), whichever option is picked.
      aria-label={allLabel}
      data-testid={testId}
    />
  );
}
