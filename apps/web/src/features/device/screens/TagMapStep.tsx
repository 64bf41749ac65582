/**
 * The mapping step: each variable no TAG matched by name gets a TAG of the template, or a device of
 * the project and a TAG of that device, or stays unbound (left empty).
 */
import { Alert, Flex, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceTags, getTemplateTags, type ImportReport } from '@hmi/contract';
import { useQueries } from '@tanstack/react-query';
import { callKey, useCallQuery } from '../../../api/callQuery';
import { call } from '../../../api/client';
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

const tagOptions = (names: readonly string[]) => names.map((n) => ({ value: n, label: n }));
const tagNamesOf = (page: { list: readonly { name: string }[] }) => page.list.map((tag) => tag.name);
const noNames: readonly string[] = [];

interface TagPickerProps {
  index: number;
  choice: MapChoice;
  names: readonly string[];
  onPick: (tag?: string) => void;
}

/** The TAG of one variable among `names`; cleared, the variable stays unbound. */
function TagPicker({ index, choice, names, onPick }: TagPickerProps) {
  const { t } = useTranslation('screens');
  return (
    <Select
      allowClear
      showSearch
      style={{ width: '100%', minWidth: 160 }}
      placeholder={t('import.map.pickTag')}
      value={choice.tag}
      options={tagOptions(names)}
      onChange={onPick}
      data-testid={`screens-map-tag-${index}`}
    />
  );
}

/**
 * The TAG names of each project device chosen so far: one request per device, however many
 * variables chose it, while the step is shown; a refused list gives none (silently: the choice
 * stays empty).
 */
function useDeviceTagNames(
  choices: Readonly<Record<string, MapChoice>>,
): ReadonlyMap<number, readonly string[]> {
  const wanted = [
    ...new Set(Object.values(choices).flatMap((c) => (c.device_id === undefined ? [] : [c.device_id]))),
  ];
  const answers = useQueries({
    queries: wanted.map((id) => ({
      queryKey: callKey(deviceTags, { params: { id } }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(deviceTags, { params: { id } }, { signal, handleError: true }),
      select: tagNamesOf,
    })),
  });
  return new Map(wanted.map((id, i) => [id, answers[i]?.data ?? noNames]));
}

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
  const templateTags = useCallQuery(
    getTemplateTags,
    { params: { id: owner.id } },
    { enabled: owner.kind === 'template', handleError: true, select: tagNamesOf },
  );
  const deviceTagNames = useDeviceTagNames(value);

  if (!variables.length)
    return (
      <Alert type="success" showIcon title={t('import.map.nothing')} data-testid="screens-map-nothing" />
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
                  ? (templateTags.data ?? noNames)
                  : choice.device_id === undefined
                    ? noNames
                    : (deviceTagNames.get(choice.device_id) ?? noNames);
              return (
                <TagPicker
                  index={index}
                  choice={choice}
                  names={names}
                  onPick={(tag) => onChange(v.source, { ...choice, tag })}
                />
              );
            },
          },
        ]}
      />
    </Flex>
  );
}
