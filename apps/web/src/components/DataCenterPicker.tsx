/**
 * Data-centre picker of the login and register pages (spec section 2): Europe, China and India, each
 * with its flag. The choice, with the host that serves it (from the public login configuration), is
 * kept in localStorage under `dataCenter` so the login and register calls go to that data centre.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { DownOutlined } from '../ui/icons';
import { useTranslation } from 'react-i18next';
import { dataCenters, type DataCenter } from '@hmi/contract';
import { getLoginConfig } from '../api/account';
import { session } from '../api/tokens';
import { onFirstUse, useOnFirstUse } from './onFirstUse';

export const DATA_CENTER_KEY = 'dataCenter';
export const DEFAULT_DATA_CENTER: DataCenter = 'cn';

export interface DataCenterChoice {
  data_center: DataCenter;
  /** Origin serving this data centre; '' when the public configuration was not available. */
  host: string;
}

const isDataCenter = (value: unknown): value is DataCenter =>
  typeof value === 'string' && (dataCenters as readonly string[]).includes(value);

/** The stored choice, or null when the user has not picked one yet. */
export function readDataCenter(): DataCenterChoice | null {
  try {
    const raw = window.localStorage.getItem(DATA_CENTER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<DataCenterChoice>;
    if (!isDataCenter(parsed.data_center)) return null;
    return { data_center: parsed.data_center, host: typeof parsed.host === 'string' ? parsed.host : '' };
  } catch {
    return null;
  }
}

export function storeDataCenter(choice: DataCenterChoice): void {
  if (choice.host) session.setHost(choice.host);
  try {
    window.localStorage.setItem(DATA_CENTER_KEY, JSON.stringify(choice));
  } catch {
    // Storage disabled: the choice lasts for this page only (the component still holds it).
  }
}

/** Points of a five-pointed star centred on (cx, cy) with outer radius r, rotated by `turn` radians. */
function star(cx: number, cy: number, r: number, turn = 0): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = turn - Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

const FLAG_SIZE = { width: 21, height: 14 } as const;

function FlagFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 30 20"
      {...FLAG_SIZE}
      role="img"
      aria-label={label}
      style={{ display: 'block', flex: 'none', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.08)' }}
    >
      {children}
    </svg>
  );
}

function EuFlag({ label }: { label: string }) {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return star(15 + 6 * Math.sin(angle), 10 - 6 * Math.cos(angle), 1.1);
  });
  return (
    <FlagFrame label={label}>
      <rect width="30" height="20" fill="#003399" />
      {stars.map((points) => (
        <polygon key={points} points={points} fill="#FFCC00" />
      ))}
    </FlagFrame>
  );
}

function ChinaFlag({ label }: { label: string }) {
  // The four small stars each point at the centre of the large one.
  const small: [number, number][] = [
    [10, 2],
    [12, 4],
    [12, 7],
    [10, 9],
  ];
  return (
    <FlagFrame label={label}>
      <rect width="30" height="20" fill="#DE2910" />
      <polygon points={star(5, 5, 3)} fill="#FFDE00" />
      {small.map(([x, y]) => (
        <polygon
          key={`${x}-${y}`}
          points={star(x, y, 1, Math.atan2(5 - y, 5 - x) + Math.PI / 2)}
          fill="#FFDE00"
        />
      ))}
    </FlagFrame>
  );
}

function IndiaFlag({ label }: { label: string }) {
  const spokes = Array.from({ length: 24 }, (_, i) => (i * Math.PI) / 12);
  return (
    <FlagFrame label={label}>
      <rect width="30" height="20" fill="#FFFFFF" />
      <rect width="30" height="6.67" fill="#FF9933" />
      <rect y="13.33" width="30" height="6.67" fill="#138808" />
      <circle cx="15" cy="10" r="2.8" fill="none" stroke="#000080" strokeWidth="0.5" />
      {spokes.map((angle) => (
        <line
          key={angle}
          x1="15"
          y1="10"
          x2={(15 + 2.8 * Math.cos(angle)).toFixed(2)}
          y2={(10 + 2.8 * Math.sin(angle)).toFixed(2)}
          stroke="#000080"
          strokeWidth="0.2"
        />
      ))}
      <circle cx="15" cy="10" r="0.6" fill="#000080" />
    </FlagFrame>
  );
}

const flags: Record<DataCenter, (props: { label: string }) => ReactNode> = {
  eu: EuFlag,
  cn: ChinaFlag,
  in: IndiaFlag,
};

/** The flag icon of a data centre. */
export function DataCenterFlag({ id, label }: { id: DataCenter; label: string }) {
  const Flag = flags[id];
  return <Flag label={label} />;
}

export interface DataCenterPickerProps {
  /** Controlled value; without it the picker shows and updates the stored choice. */
  value?: DataCenter;
  onChange?: (value: DataCenter) => void;
  size?: 'small' | 'middle' | 'large';
  /** Stretch to the width of the container (in forms). */
  block?: boolean;
  id?: string;
}

const selectModule = onFirstUse(() => import('./DataCenterSelect'));

export function DataCenterPicker({ value, onChange, ...look }: DataCenterPickerProps) {
  const { t } = useTranslation('auth');
  const loaded = useOnFirstUse(selectModule);
  const [hosts, setHosts] = useState<Partial<Record<DataCenter, string>>>({});
  const [picked, setPicked] = useState<DataCenter | null>(() => readDataCenter()?.data_center ?? null);
  const [fallback, setFallback] = useState<DataCenter>(DEFAULT_DATA_CENTER);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let alive = true;
    getLoginConfig({ handleError: true })
      .then((config) => {
        if (!alive) return;
        const next: Partial<Record<DataCenter, string>> = {};
        for (const entry of config.data_centers) next[entry.id] = entry.host;
        setHosts(next);
        setFallback(config.data_center);
        // Keep the stored host in step with the configuration (hosts can move).
        const stored = readDataCenter();
        const current = stored?.data_center ?? config.data_center;
        if (!stored || stored.host !== (next[current] ?? '')) {
          storeDataCenter({ data_center: current, host: next[current] ?? '' });
        }
        // Nothing picked yet: a form holding the value follows this deployment's own data centre.
        if (!stored) onChangeRef.current?.(current);
      })
      .catch(() => {
        // Offline or no server: the picker still works and calls go to the page's own origin.
      });
    return () => {
      alive = false;
    };
  }, []);

  const current = value ?? picked ?? fallback;

  const pick = (next: DataCenter) => {
    setPicked(next);
    storeDataCenter({ data_center: next, host: hosts[next] ?? '' });
    onChange?.(next);
  };

  const labelOf = (dc: DataCenter) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <DataCenterFlag id={dc} label={t(`dataCenter.${dc}`)} />
      {t(`dataCenter.${dc}`)}
    </span>
  );
  const label = t('dataCenter.label');
  if (loaded.module)
    return (
      <loaded.module.DataCenterSelect
        {...look}
        label={label}
        value={current}
        onChange={pick}
        open={loaded.wanted}
        options={dataCenters.map((dc) => ({ value: dc, label: labelOf(dc) }))}
      />
    );
  // The closed select drawn with a button until it is first used: hovering or focusing it fetches
  // the select, pressing it (mouse, Enter, Space, arrow down) opens the select once there.
  return (
    <Button
      {...look}
      data-testid="data-center-picker"
      role="combobox"
      aria-label={label}
      aria-haspopup="listbox"
      aria-expanded={false}
      onPointerEnter={loaded.prefetch}
      onFocus={loaded.prefetch}
      onMouseDown={loaded.want}
      onClick={loaded.want}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') loaded.want();
      }}
      style={{ minWidth: 120, justifyContent: 'space-between', paddingInline: 11, boxShadow: 'none' }}
    >
      {labelOf(current)}
      <DownOutlined style={{ fontSize: 12, opacity: 0.25 }} />
    </Button>
  );
}
