/**
 * The data attributes an SVG drawn in any editor may carry (read by the server's SVG import), for
 * users marking their drawing. The attribute names and the example are code, not translated.
 */
import { Collapse, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What each attribute means is `svgHelp.attrs.<key>`; the attribute is `data-hmi-<key>`. */
const attributeKeys = [
  'widget',
  'tag',
  'device',
  'action',
  'value',
  'unit',
  'decimals',
  'range',
  'text',
  'minutes',
  'ranges',
  'keep',
] as const;
const attributes = attributeKeys.map((key) => ({
  // One row tells of the pair of range bounds.
  name: key === 'range' ? 'data-hmi-min, data-hmi-max' : `data-hmi-${key}`,
  key,
}));

const example = `<rect x="20" y="20" width="120" height="32"
  data-hmi-widget="value" data-hmi-tag="temperature"
  data-hmi-unit="°C" data-hmi-decimals="1"/>
<circle cx="200" cy="36" r="14"
  data-hmi-widget="lamp" data-hmi-tag="running"
  data-hmi-ranges="0..0:#bfbfbf:Off;1..1:#52c41a:On"/>
<rect x="260" y="20" width="90" height="32"
  data-hmi-widget="button" data-hmi-tag="running"
  data-hmi-action="write" data-hmi-value="1" data-hmi-text="Start"/>`;

export function SvgAttributeHelp() {
  const { t } = useTranslation('screens');
  return (
    <Collapse
      size="small"
      data-testid="screens-svg-help"
      items={[
        {
          key: 'help',
          label: t('svgHelp.title'),
          children: (
            <>
              <Typography.Paragraph>{t('svgHelp.intro')}</Typography.Paragraph>
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                dataSource={attributes}
                columns={[
                  {
                    title: t('svgHelp.attribute'),
                    dataIndex: 'name',
                    render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
                  },
                  {
                    title: t('svgHelp.meaning'),
                    dataIndex: 'key',
                    render: (key: string) => t(`svgHelp.attrs.${key}`),
                  },
                ]}
              />
              <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                {t('svgHelp.example')}
              </Typography.Text>
              <pre style={{ overflow: 'auto', fontSize: 12, margin: 0 }}>{example}</pre>
            </>
          ),
        },
      ]}
    />
  );
}
