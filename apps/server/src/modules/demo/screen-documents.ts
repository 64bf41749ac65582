/**
 * The demo's configuration screens as documents: the oven line of the demo template (one HMI) and
 * the plant overview of the demo project (the three HMIs side by side). Texts on them are the demo
 * plant's own labels (data, like the device names), not interface strings.
 */
import {
  toggleSwitch,
  widgetAt,
  type ScreenDocumentInput,
  type WidgetBindingInput,
  type WidgetInput,
  type WidgetPropsInput,
} from '@hmi/contract';

/** A caption 24 pixels high at `x`, `y`, `w` wide. */
const label = (id: string, [x, y, w]: readonly [number, number, number], text: string, size = 14) =>
  widgetAt(id, [x, y, w, 24], {
    type: 'text',
    props: { text, font_size: size, color: '#595959', align: 'left' },
  });

/** The oven temperature as the demo draws it on a gauge or bar, red-orange up to 50 °C. */
const ovenScale = { min: 0, max: 50, color: '#fa541c' } as const;

/** Static artwork: the oven with its heating elements over a conveyor, drawn once, never bound. */
const ovenArtwork = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<rect x="0" y="0" width="1280" height="64" fill="#001529"/>
<text x="40" y="42" font-family="sans-serif" font-size="26" font-weight="bold" fill="#ffffff">OVEN LINE 1</text>
<rect x="40" y="96" width="560" height="360" rx="16" fill="#f5f5f5" stroke="#bfbfbf" stroke-width="2"/>
<rect x="80" y="140" width="480" height="220" rx="10" fill="#434343"/>
<rect x="100" y="160" width="440" height="180" rx="6" fill="#262626"/>
<g stroke="#fa541c" stroke-width="6" fill="none" stroke-linecap="round">
<path d="M120 190 Q150 170 180 190 T240 190 T300 190 T360 190 T420 190 T480 190 T520 190"/>
<path d="M120 310 Q150 290 180 310 T240 310 T300 310 T360 310 T420 310 T480 310 T520 310"/>
</g>
<g fill="#d48806"><rect x="170" y="236" width="60" height="36" rx="4"/><rect x="290" y="236" width="60" height="36" rx="4"/><rect x="410" y="236" width="60" height="36" rx="4"/></g>
<rect x="20" y="470" width="1240" height="14" rx="7" fill="#8c8c8c"/>
<g fill="#595959"><circle cx="60" cy="477" r="12"/><circle cx="260" cy="477" r="12"/><circle cx="460" cy="477" r="12"/><circle cx="660" cy="477" r="12"/><circle cx="860" cy="477" r="12"/><circle cx="1060" cy="477" r="12"/><circle cx="1240" cy="477" r="12"/></g>
<g fill="#d48806"><rect x="640" y="434" width="60" height="36" rx="4"/><rect x="820" y="434" width="60" height="36" rx="4"/><rect x="1000" y="434" width="60" height="36" rx="4"/></g>
<rect x="620" y="96" width="640" height="330" rx="12" fill="#ffffff" stroke="#d9d9d9"/>
<rect x="40" y="510" width="1220" height="120" rx="12" fill="#ffffff" stroke="#d9d9d9"/>
</svg>`;

export const ovenLineScreen: ScreenDocumentInput = {
  version: 1,
  width: 1280,
  height: 720,
  background: '#f0f2f5',
  artwork: ovenArtwork,
  widgets: [
    label('l-temp', [640, 104, 200], 'Oven temperature'),
    widgetAt('temp', [640, 130, 220, 220], {
      type: 'gauge',
      binding: { tag: 'temperature' },
      props: { ...ovenScale, unit: '°C', decimals: 1 },
      ranges: [{ min: 30, max: 1000, color: '#f5222d' }],
    }),
    label('l-trend', [880, 104, 360], 'Temperature and setpoint, last 10 minutes'),
    widgetAt('trend', [880, 130, 360, 220], {
      type: 'trend',
      props: { tags: [{ tag: 'temperature' }, { tag: 'setpoint' }], minutes: 10, min: 10, max: 40 },
    }),
    label('l-run', [640, 366, 120], 'Line running'),
    toggleSwitch('run', [640, 390, 110, 30], { tag: 'running' }, { on_text: 'ON', off_text: 'OFF' }),
    label('l-sp', [780, 366, 140], 'Setpoint'),
    widgetAt('setpoint', [780, 390, 130, 30], {
      type: 'input',
      binding: { tag: 'setpoint' },
      action: { kind: 'input', min: 0, max: 50 },
      props: { unit: '°C', decimals: 1, font_size: 16 },
    }),
    label('l-status', [940, 366, 140], 'Status'),
    widgetAt('status', [940, 390, 300, 30], {
      type: 'value',
      binding: { tag: 'status' },
      props: { format: 'text', font_size: 20, color: '#1677ff', align: 'left' },
    }),
    widgetAt('run-lamp', [64, 530, 32, 32], { type: 'lamp', binding: { tag: 'running' } }),
    label('l-run-lamp', [106, 534, 120], 'Running'),
    widgetAt('pressure-lamp', [64, 580, 32, 32], {
      type: 'lamp',
      binding: { tag: 'pressure' },
      ranges: [
        { min: 0, max: 1.5, color: '#52c41a' },
        { min: 1.5, max: 1000, color: '#f5222d' },
      ],
    }),
    label('l-pressure-lamp', [106, 584, 140], 'Pressure OK'),
    label('l-pressure', [280, 520, 160], 'Line pressure'),
    widgetAt('pressure', [280, 546, 160, 40], {
      type: 'value',
      binding: { tag: 'pressure' },
      props: { unit: 'bar', decimals: 2, font_size: 28, align: 'left' },
    }),
    widgetAt('pressure-bar', [280, 596, 200, 14], {
      type: 'bar',
      binding: { tag: 'pressure' },
      props: { min: 0, max: 2, orientation: 'horizontal', color: '#13c2c2' },
    }),
    label('l-counter', [540, 520, 200], 'Parts produced'),
    widgetAt('counter', [540, 546, 240, 40], {
      type: 'value',
      binding: { tag: 'counter' },
      props: { decimals: 0, font_size: 28, align: 'left' },
    }),
    label('l-alarms', [820, 520, 200], 'Active alarms'),
    widgetAt('alarms', [820, 546, 420, 70], { type: 'alarm_banner', props: { font_size: 13 } }),
  ],
};

const overviewArtwork = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<rect x="0" y="0" width="1280" height="64" fill="#001529"/>
<text x="40" y="42" font-family="sans-serif" font-size="26" font-weight="bold" fill="#ffffff">DEMO PLANT</text>
<g fill="#ffffff" stroke="#d9d9d9"><rect x="30" y="90" width="393" height="470" rx="12"/><rect x="443" y="90" width="393" height="470" rx="12"/><rect x="856" y="90" width="393" height="470" rx="12"/></g>
<rect x="30" y="584" width="1220" height="14" rx="7" fill="#8c8c8c"/>
</svg>`;

/** The plant overview: one column per demo HMI (`deviceIds` in order, at most three), alarms below. */
export function plantOverviewScreen(devices: readonly { id: number; name: string }[]): ScreenDocumentInput {
  const widgets: WidgetInput[] = devices.slice(0, 3).flatMap(({ id, name }, i) => {
    const x = 30 + i * 413;
    const p = `d${id}-`;
    const at = (tag: string): WidgetBindingInput => ({ device_id: id, tag });
    /** A reading in the column's right half, right-aligned. */
    const reading = (tag: string, y: number, props: WidgetPropsInput<'value'>) =>
      widgetAt(`${p}${tag}`, [x + 190, y, 180, 32], {
        type: 'value',
        binding: at(tag),
        props: { ...props, align: 'right' },
      });
    return [
      label(`${p}name`, [x + 24, 106, 340], name, 20),
      widgetAt(`${p}temp`, [x + 96, 140, 200, 200], {
        type: 'gauge',
        binding: at('temperature'),
        props: { ...ovenScale, unit: '°C', decimals: 1 },
      }),
      widgetAt(`${p}run`, [x + 24, 360, 28, 28], { type: 'lamp', binding: at('running') }),
      label(`${p}run-l`, [x + 62, 362, 120], 'Running'),
      reading('status', 358, { format: 'text', font_size: 18, color: '#1677ff' }),
      label(`${p}pressure-l`, [x + 24, 410, 160], 'Pressure'),
      reading('pressure', 404, { unit: 'bar', decimals: 2, font_size: 20 }),
      label(`${p}counter-l`, [x + 24, 456, 160], 'Parts produced'),
      reading('counter', 450, { decimals: 0, font_size: 20 }),
      widgetAt(`${p}bar`, [x + 24, 506, 346, 12], {
        type: 'bar',
        binding: at('temperature'),
        props: { ...ovenScale, orientation: 'horizontal' },
      }),
    ];
  });
  widgets.push(widgetAt('alarms', [30, 620, 1220, 80], { type: 'alarm_banner', props: { font_size: 14 } }));
  return { version: 1, width: 1280, height: 720, background: '#f0f2f5', artwork: overviewArtwork, widgets };
}
