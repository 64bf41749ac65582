/**
 * A small FUXA project written for the tests from the structure FUXA's editor saves (ProjectData:
 * `devices` with tags keyed by id, `hmi.views[]` with `svgcontent` and `items` keyed by element id).
 * One item uses the older `device^~^tag` variable id; one item type (a bag gauge) has no widget here.
 */
const oven = `<svg width="1024" height="600" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
 <g>
  <title>Layer 1</title>
  <rect id="svg_bg" x="0" y="0" width="1024" height="600" fill="#f5f5f5"/>
  <text id="svg_title" x="20" y="30" font-size="20" fill="#000">Oven line</text>
  <g id="VAL_temp" type="svg-ext-value" font-size="14" text-anchor="middle">
   <text id="VAL_temp_text" x="100" y="80" font-size="14" text-anchor="middle">##.##</text>
  </g>
  <g id="HXB_start" type="svg-ext-html_button">
   <rect id="svg_btn" x="200" y="60" width="80" height="30" fill="#1677ff"/>
   <foreignObject id="H-HXB_start" x="200" y="60" width="80" height="30">
    <BUTTON xmlns="http://www.w3.org/1999/xhtml" onclick="alert(1)" style="width: 100%">Start</BUTTON>
   </foreignObject>
  </g>
  <g id="HXT_run" type="svg-ext-html_switch"><foreignObject x="300" y="60" width="60" height="30"><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></g>
  <g id="HXI_sp" type="svg-ext-html_input"><foreignObject x="380" y="60" width="100" height="30"><input xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></g>
  <g id="GXP_level" type="svg-ext-gauge_progress" transform="translate(500 50)"><rect x="0" y="0" width="30" height="120" fill="#eee"/></g>
  <g id="GSE_alarm" type="svg-ext-gauge_semaphore"><circle cx="600" cy="80" r="15" fill="#ccc"/></g>
  <g id="MTR_fan" type="svg-ext-motor"><ellipse cx="700" cy="80" rx="20" ry="20"/><path d="M700,60L720,80L700,100z"/></g>
  <g id="HXC_chart" type="svg-ext-html_chart"><foreignObject x="20" y="200" width="400" height="200"/></g>
  <g id="HXG_bag" type="svg-ext-html_bag"><foreignObject x="450" y="200" width="150" height="150"/></g>
  <g id="HXB_next" type="svg-ext-html_button"><rect x="20" y="500" width="100" height="30"/></g>
  <script>alert('fuxa')</script>
 </g>
</svg>`;

const details = `<svg width="640" height="480" xmlns="http://www.w3.org/2000/svg">
 <g><text x="10" y="20">Details</text>
  <g id="VAL_pressure" type="svg-ext-value"><text x="50" y="60" font-size="14">##.##</text></g>
 </g>
</svg>`;

const item = (id: string, type: string, property: Record<string, unknown>, name = '') => ({
  id,
  type,
  name,
  property: { events: [], ...property },
  label: type,
});

export const fuxaProject = {
  version: '1.01',
  name: 'Oven plant',
  server: { id: '0', name: 'FUXA Server', type: 'FuxaServer', property: {} },
  devices: {
    d_7c1e: {
      id: 'd_7c1e',
      name: 'PLC1',
      type: 'ModbusTCP',
      enabled: true,
      property: { address: '192.168.1.10', port: 502 },
      tags: {
        t_01: { id: 't_01', name: 'temp', type: 'Float32', address: '40001', format: 1 },
        t_02: { id: 't_02', name: 'running', type: 'Bool', address: '00001' },
        t_03: { id: 't_03', name: 'setpoint', type: 'Float32', address: '40003' },
        t_04: { id: 't_04', name: 'state', type: 'Int16', address: '40005' },
        t_05: { id: 't_05', name: 'pressure', type: 'Float32', address: '40007' },
      },
    },
  },
  hmi: {
    layout: { start: 'v_oven', navigation: { mode: 'over', items: [] }, header: {} },
    views: [
      {
        id: 'v_oven',
        name: 'Oven',
        type: 'svg',
        profile: { width: 1024, height: 600, bkcolor: '#ffffffff' },
        svgcontent: oven,
        variables: {},
        items: {
          VAL_temp: item('VAL_temp', 'svg-ext-value', {
            variableId: 't_01',
            ranges: [{ type: 'unit', min: 0, max: 0, text: ' °C' }],
          }),
          HXB_start: item(
            'HXB_start',
            'svg-ext-html_button',
            { variableId: 'd_7c1e^~^t_02', events: [{ type: 'click', action: 'onSetValue', actparam: '1' }] },
            'Start',
          ),
          HXT_run: item('HXT_run', 'svg-ext-html_switch', { variableId: 't_02' }),
          HXI_sp: item('HXI_sp', 'svg-ext-html_input', {
            variableId: 't_03',
            options: { min: '0', max: '300' },
          }),
          GXP_level: item('GXP_level', 'svg-ext-gauge_progress', {
            variableId: 't_01',
            ranges: [{ type: 'minmax', min: 0, max: '250', color: '#76a9ff' }],
          }),
          GSE_alarm: item('GSE_alarm', 'svg-ext-gauge_semaphore', {
            variableId: 't_04',
            ranges: [
              { type: 'range', min: '0', max: '0', color: '#00ff00' },
              { type: 'range', min: '1', max: '9', color: '#ff0000' },
            ],
          }),
          MTR_fan: item('MTR_fan', 'svg-ext-motor', {
            variableId: 't_02',
            ranges: [
              { type: 'range', min: '0', max: '0', color: '#a5a5a5' },
              { type: 'range', min: '1', max: '1', color: '#00b050' },
            ],
          }),
          HXC_chart: item('HXC_chart', 'svg-ext-html_chart', { id: 'c_1', type: 'realtime1' }),
          HXG_bag: item('HXG_bag', 'svg-ext-html_bag', { variableId: 't_01' }, 'Bag'),
          HXB_next: item(
            'HXB_next',
            'svg-ext-html_button',
            {
              events: [{ type: 'shapes.event-click', action: 'shapes.event-onpage', actparam: 'v_details' }],
            },
            'Details',
          ),
        },
      },
      {
        id: 'v_details',
        name: 'Details',
        type: 'svg',
        profile: { width: 640, height: 480, bkcolor: '#eaeaea' },
        svgcontent: details,
        items: { VAL_pressure: item('VAL_pressure', 'svg-ext-value', { variableId: 't_05' }) },
      },
    ],
  },
  charts: [
    { id: 'c_1', name: 'Oven', lines: [{ id: 't_01', name: 'temp', device: 'PLC1', color: '#4484ef' }] },
  ],
  alarms: [],
  scripts: [],
};
