/**
 * One device (id 2): every field of spec §3, favourite star, labels, template link; live online and
 * sync states, the TAG table with live values and writes, TAG history and ingest counters; its alarms
 * out of service until a time (shown beside the name), set and ended here with the device edit.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { deviceTags, getDevice, groupPathNames, Permission } from '@hmi/contract';
import { useCallQuery, useInvalidate } from '../../api/callQuery';
import { useLiveDevices, useLiveReconnected, useLiveStatus } from '../../live/hooks';
import { useCan } from '../../shared/access';
import { FavouriteStar } from '../../features/device/common/FavouriteStar';
import { formatTime, orDash } from '../../shared/format';
import { GroupPath } from '../../features/device/common/GroupPath';
import { flattenGroups } from '../../shared/groups';
import { useGroupTree, useLabels, useTemplateOptions } from '../../features/device/common/options';
import { DEVICES_CHANGED } from '../../features/device/common/changes';
import { DeviceFormModal } from '../../features/device/devicelist/DeviceFormModal';
import { LiveOnlineBadge, liveState, SyncCell } from '../../features/device/devicelist/LiveStateCells';
import { HistoryPanel } from '../../features/device/detail/HistoryPanel';
import { FieldConnections } from '../../features/device/detail/FieldConnections';
import { LiveTagTable } from '../../features/device/detail/LiveTagTable';
import { DeviceAlarmsTab } from '../../features/alarm/records/DeviceAlarmsTab';
import { OosMark, useOutOfService } from '../../features/alarm/outOfService/useOutOfService';
import { setDeviceOutOfService } from '../../api/alarms';
import { DeviceBillingSection } from '../../features/billing/DeviceBillingSection';
import { PassthroughCard } from '../../features/passthrough/PassthroughCard';
import { RemoteSessionsCard } from '../../features/remote/RemoteSessionsCard';
import { useSession } from '../../session/userStore';
import { RemoteViewButton } from '../../features/remote/RemoteViewButton';

export function DeviceDetailPage() {
  const { t } = useTranslation('device');
  const navigate = useNavigate();
  const can = useCan();
  const { userInfo } = useSession();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const invalidate = useInvalidate();
  const devicesChanged = () => invalidate(DEVICES_CHANGED);
  // A refused or failed load (toasted by the client) leaves no device: the page says "not found".
  const {
    data: device,
    isLoading: loading,
    refetch,
  } = useCallQuery(getDevice, { params: { id } }, { enabled: valid });
  const [editing, setEditing] = useState(false);
  const groups = useGroupTree();
  const groupRows = useMemo(() => flattenGroups(groups.data ?? []), [groups.data]);
  const labels = useLabels();
  const templates = useTemplateOptions(can(Permission.DEVICE_EDIT));
  const templateId = device?.template_id ?? null;
  const tags = useCallQuery(deviceTags, { params: { id } }, { enabled: valid && templateId !== null });
  const liveDevices = useLiveDevices(useMemo(() => (valid ? [id] : []), [id, valid]));
  const liveStatus = useLiveStatus();
  useLiveReconnected(() => void Promise.all([refetch(), templateId !== null && tags.refetch()]));
  const oos = useOutOfService(setDeviceOutOfService, devicesChanged);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/device/devicelist')}>
      {t('detail.back')}
    </Button>
  );

  if (loading && !device) return <Spin spinning style={{ display: 'block', padding: 48 }} />;
  if (!device)
    return (
      <Result status="404" title={t('detail.notFound')} extra={back} data-testid="device-detail-missing" />
    );

  const state = liveState(device, liveDevices.get(device.id));
  const item = (key: string, label: string, children: ReactNode) => ({ key, label, children });
  const items = [
    item('name', t('field.name'), device.name),
    item('sn', t('field.sn'), device.sn),
    item('model', t('field.model'), device.model),
    item(
      'group',
      t('field.group'),
      <GroupPath
        names={device.group_path}
        full={device.group_id === null ? undefined : groupPathNames(device.group_id, groupRows)}
      />,
    ),
    item(
      'template',
      t('field.template'),
      device.template_id !== null && can(Permission.TEMPLATE_VIEW) ? (
        <Link to={`/device/templatelist?templateid=${device.template_id}`} data-testid="device-template-link">
          {device.template_name}
        </Link>
      ) : (
        orDash(device.template_name)
      ),
    ),
    item(
      'labels',
      t('field.labels'),
      device.labels.length ? (
        <Flex wrap gap={4}>
          {device.labels.map((l) => (
            <Tag key={l.id} color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
              {l.name}
            </Tag>
          ))}
        </Flex>
      ) : (
        '-'
      ),
    ),
    item(
      'online',
      t('field.online'),
      <LiveOnlineBadge online={state.online} at={state.onlineAt} testId="device-detail-online" />,
    ),
    item('lastOnline', t('field.lastOnlineChange'), formatTime(state.onlineAt)),
    item(
      'alarmService',
      t('alarm:outOfService.column'),
      oos.control(
        { kind: 'device', id: device.id, name: device.name },
        device,
        can(Permission.DEVICE_EDIT),
        true,
      ),
    ),
    item('sync', t('field.sync'), <SyncCell device={device} sync={state.sync} online={state.online} />),
    item(
      'versions',
      t('field.versions'),
      t('detail.versions', {
        cloud: device.cloud_version ?? '-',
        hmi: device.hmi_version ?? '-',
      }),
    ),
    item('configCreated', t('field.configCreatedAt'), formatTime(device.config_created_at)),
    item('configModified', t('field.configModifiedAt'), formatTime(device.config_modified_at)),
    item('customer', t('field.customerName'), orDash(device.customer_name)),
    item('hmiSn', t('field.hmiSn'), orDash(device.hmi_sn)),
    item('gatewaySn', t('field.gatewaySn'), orDash(device.gateway_sn)),
    item('address', t('field.address'), orDash(device.address)),
    item('created', t('field.createdAt'), formatTime(device.created_at)),
    item(
      'remark',
      t('field.remark'),
      <Typography.Paragraph style={{ margin: 0 }}>{orDash(device.remark)}</Typography.Paragraph>,
    ),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="page-device-detail">
      <Card
        title={
          <Space>
            <FavouriteStar id={device.id} value={device.favourite} />
            <span data-testid="device-detail-name">{device.name}</span>
            <OosMark state={device} testId="device-detail-oos" />
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            <RemoteViewButton deviceId={device.id} type="default" />
            {can(Permission.DEVICE_EDIT) && (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                data-testid="device-detail-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />
      </Card>
      <Card
        title={t('detail.tagValues')}
        extra={
          <Tag color={liveStatus === 'live' ? 'green' : 'default'} data-testid="live-status">
            {t(`live:status.${liveStatus}`)}
          </Tag>
        }
        data-testid="device-tag-values"
      >
        <LiveTagTable deviceId={device.id} tags={tags.data?.list ?? []} loading={tags.isLoading} />
      </Card>
      <DeviceBillingSection device={device} onChanged={() => invalidate([getDevice])} />
      <Card title={t('live:history.title')} data-testid="device-history">
        <HistoryPanel deviceId={device.id} tags={tags.data?.list ?? []} />
      </Card>
      <Card title={t('live:field.title')} size="small" data-testid="device-field">
        <FieldConnections deviceId={device.id} />
      </Card>
      <DeviceAlarmsTab device={device} />
      <RemoteSessionsCard deviceId={device.id} />
      <PassthroughCard deviceId={device.id} account={userInfo?.account ?? ''} />
      <DeviceFormModal
        open={editing}
        device={device}
        groups={groups.data ?? []}
        labels={labels.data ?? []}
        templates={templates.data ?? []}
        onClose={() => setEditing(false)}
        onSaved={() => void devicesChanged()}
      />
      {oos.dialog}
    </Space>
  );
}
