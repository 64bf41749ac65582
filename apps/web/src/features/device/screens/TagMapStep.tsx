/**
 * The mapping step: each variable no TAG matched by name gets a TAG of the template, or a device of
 * the project and a TAG of that device, or stays unbound (left empty).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Flex, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@hmi/contract';
import { getDeviceTags } from '../../../api/connectivity';
import { getTemplateTags } from '../../../api/templates';
import { useLoad } from '../../../shared/useLoad';
import type { ScreenOwner } from './owner';

type Variable = ImportReport['variables'][number];

/** A choice being made: the device (projects) and the TAG; no TAG means unbound. */
export interface MapChoice {
  device_id?: number;
  tag?: string;
}

export interface MemberDevice {
  id: number;
  name: string;
}

const quiet = { handleError: true } as const;
const tagOptions = (names: readonly string[]) => names.map((n) => ({ value: n, label: n }));

export function TagMapStep({
  owner,
  variables,
  devices,
  value,
  onChange,
}: {
  owner: ScreenOwner;
  variables: readonly Variable[];
  /** The project's devices (empty for a template). */
  devices: readonly MemberDevice[];
  value: Readonly<Record<string, MapChoice>>;
  onChange: (source: string, choice: MapChoice) => void;
}) {
  const { t } = useTranslation('screens');
  const fetchTemplateTags = useCallback(
    () =>
      owner.kind === 'template'
        ? getTemplateTags(owner.id, quiet).then((r) => r.list.map((tag) => tag.name))
        : Promise.resolve([]),
    [owner],
  );
  const templateTags = useLoad(fetchTemplateTags);

  // TAG names of each chosen project device, fetched once per device.
  const [deviceTags, setDeviceTags] = useState<Record<number, string[]>>({});
  const wanted = [
    ...new Set(Object.values(value).flatMap((c) => (c.device_id === undefined ? [] : [c.device_id]))),
  ];
  const missing = wanted.filter((id) => !(id in deviceTags)).join(',');
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    for (const id of missing.split(',').map(Number))
      void getDeviceTags(id, quiet).then(
        (r) => alive && setDeviceTags((m) => ({ ...m, [id]: r.list.map((tag) => tag.name) })),
        () => alive && setDeviceTags((m) => ({ ...m, [id]: [] })),
      );
    return () => {
      alive = false;
    };
  }, [missing]);

  if (!variables.length)
    return (
      <Alert type="success" showIcon title={t('import.map.nothing')} data-testid="screens-map-nothing" />
    );

  const tagSelect = (v: Variable, index: number, names: readonly string[], choice: MapChoice) => (
    <Select
      allowClear
      showSearch
      style={{ width: '100%', minWidth: 160 }}
      placeholder={t('import.map.pickTag')}
      value={choice.tag}
      options={tagOptions(names)}
      onChange={(tag?: string) => onChange(v.source, { ...choice, tag })}
      data-testid={`screens-map-tag-${index}`}
    />
  );

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('import.map.hint')}</Typography.Text>
      <Table<Variable>
        size="small"
        rowKey="source"
        pagination={false}
        dataSource={[...variables]}
        scroll={{ x: 'max-content', y: 360 }}
        data-testid="screens-map-table"
        columns={[
          {
            title: t('import.map.variable'),
            key: 'variable',
            render: (_, v) => (
              <Typography.Text code>{v.device ? `${v.device} / ${v.tag}` : v.tag}</Typography.Text>
            ),
          },
          ...(owner.kind === 'project'
            ? [
                {
                  title: t('import.map.device'),
                  key: 'device',
                  render: (_: unknown, v: Variable, index: number) => (
                    <Select
                      showSearch
                      optionFilterProp="label"
                      style={{ width: '100%', minWidth: 160 }}
                      placeholder={t('import.map.pickDevice')}
                      value={value[v.source]?.device_id}
                      options={devices.map((d) => ({ value: d.id, label: d.name }))}
                      onChange={(device_id: number) => onChange(v.source, { device_id })}
                      data-testid={`screens-map-device-${index}`}
                    />
                  ),
                },
              ]
            : []),
          {
            title: t('import.map.tag'),
            key: 'tag',
            render: (_, v, index) => {
              const choice = value[v.source] ?? {};
              const names =
                owner.kind === 'template'
                  ? (templateTags.data ?? [])
                  : choice.device_id === undefined
                    ? []
                    : (deviceTags[choice.device_id] ?? []);
              return tagSelect(v, index, names, choice);
            },
          },
        ]}
      />
    </Flex>
  );
}
