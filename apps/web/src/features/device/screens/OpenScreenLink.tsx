/**
 * Opens a screen in the viewer in a new tab. A template's screen shows the values of one device of
 * the template, so with devices to choose from the link becomes a menu of them.
 */
import { Button, Dropdown, Tooltip } from 'antd';
import { DownOutlined, ExportOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { viewerHref } from './owner';

export interface ViewerDevice {
  id: number;
  name: string;
}

export function OpenScreenLink({
  screenId,
  devices,
}: {
  screenId: number;
  devices: readonly ViewerDevice[];
}) {
  const { t } = useTranslation('screens');
  const testId = `screen-view-${screenId}`;
  if (!devices.length)
    return (
      <Tooltip title={t('viewHint')}>
        <Button
          type="link"
          size="small"
          icon={<ExportOutlined />}
          href={viewerHref(screenId)}
          target="_blank"
          rel="noopener"
          data-testid={testId}
        >
          {t('view')}
        </Button>
      </Tooltip>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: devices.map((d) => ({
          key: d.id,
          label: (
            <a
              href={viewerHref(screenId, d.id)}
              target="_blank"
              rel="noopener"
              data-testid={`screen-view-${screenId}-device-${d.id}`}
            >
              {d.name}
            </a>
          ),
        })),
      }}
    >
      <Button type="link" size="small" icon={<ExportOutlined />} data-testid={testId}>
        {t('view')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
