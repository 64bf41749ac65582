/**
 * A FUXA project written for the tests in the format FUXA's editor saves today: click events
 * stored by action key with the written variable in `actoptions.variable`, HTML controls drawn as a
 * face rectangle and a foreignObject holding the control with its inline colours, a start view that
 * is not the first in the file, and a dialog view. TAGs as in seedPlant (temp, state, running, setpoint).
 */
const control = (
  id: string,
  type: string,
  tag: string,
  x: number,
  y: number,
  w: number,
  h: number,
  html: string,
) =>
  `<g id="${id}" type="${type}" fill="#ffffff" font-size="16" font-family="Roboto, sans-serif">
   <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#000000"/>
   <foreignObject x="${x}" y="${y}" width="${w}" height="${h}"><${tag} xmlns="http://www.w3.org/1999/xhtml" ${html}</${tag}></foreignObject>
  </g>`;

const main = `<svg width="900" height="500" xmlns="http://www.w3.org/2000/svg">
 <g>
  <text id="svg_title" x="20" y="30" font-size="20" fill="#333">Pumps</text>
  ${control('HXB_event', 'svg-ext-html_button', 'button', 20, 60, 80, 30, 'style="background-color: rgb(129, 206, 55); color: rgb(255, 255, 255);">Run')}
  ${control('HXB_only', 'svg-ext-html_button', 'button', 120, 60, 80, 30, 'style="background-color: #f73f3f">Stop')}
  ${control('HXB_none', 'svg-ext-html_button', 'button', 220, 60, 80, 30, '>Nothing')}
  ${control('HXB_add', 'svg-ext-html_button', 'button', 320, 60, 80, 30, '>Add')}
  ${control('HXB_dialog', 'svg-ext-html_button', 'button', 420, 60, 80, 30, '>Details')}
  ${control('HXS_mode', 'svg-ext-html_select', 'select', 20, 120, 100, 26, 'style="text-align: right"><option/>')}
  ${control('HXF_frame', 'svg-ext-html_iframe', 'div', 600, 300, 200, 150, '>')}
  <g id="SLI_speed" type="svg-ext-html_slider"><rect x="150" y="120" width="200" height="40" fill="none"/><foreignObject x="150" y="120" width="200" height="40"><div xmlns="http://www.w3.org/1999/xhtml" id="D-SLI_speed"/></foreignObject></g>
  <g id="HXG_bag" type="svg-ext-html_bag"><foreignObject x="400" y="120" width="150" height="150"><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></g>
  <g id="VAL_rpm" type="svg-ext-value" text-anchor="middle" font-family="sans-serif" font-size="14" fill="none">
   <text x="100" y="220" fill="#0050b3" font-size="18" text-anchor="middle">##.##</text>
  </g>
  <g id="PIPE_1" type="svg-ext-pipe"><path d="M20 300 L400 300" stroke="#888" stroke-width="8"/></g>
 </g>
</svg>`;

const dialog = `<svg width="300" height="200" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="300" height="200" fill="#eee"/><text x="20" y="40">Pump details</text></svg>`;

const click = (action: string, actparam: string, actoptions: Record<string, unknown> = {}) => ({
  type: 'click',
  action,
  actparam,
  actoptions,
});

const item = (id: string, type: string, name: string, property: Record<string, unknown>) => ({
  id,
  type,
  name,
  property: { events: [], ...property },
});

export const fuxaControlsProject = {
  version: '1.2',
  name: 'Pumps',
  devices: {
    d_1: {
      id: 'd_1',
      name: 'PLC',
      tags: {
        t_temp: { id: 't_temp', name: 'temp', type: 'Float32' },
        t_state: { id: 't_state', name: 'state', type: 'Int16' },
        t_run: { id: 't_run', name: 'running', type: 'Bool' },
        t_sp: { id: 't_sp', name: 'setpoint', type: 'Float32' },
      },
    },
  },
  hmi: {
    layout: { start: 'v_main' },
    views: [
      {
        id: 'v_dialog',
        name: 'Pump dialog',
        type: 'svg',
        profile: { width: 300, height: 200, bkcolor: '#eeeeee' },
        svgcontent: dialog,
        items: {},
      },
      {
        id: 'v_main',
        name: 'Pumps',
        type: 'svg',
        profile: { width: 900, height: 500, bkcolor: '#ffffff' },
        svgcontent: main,
        items: {
          // Shows `state`, but its click writes `running` (the event's own variable wins).
          HXB_event: item('HXB_event', 'svg-ext-html_button', 'Run', {
            variableId: 't_state',
            events: [click('onSetValue', '1', { variable: { variableId: 't_run' } })],
          }),
          // No variable of its own: only the (legacy) event option names one.
          HXB_only: item('HXB_only', 'svg-ext-html_button', 'Stop', {
            events: [click('onSetValue', '0', { variableId: 't_run' })],
          }),
          HXB_none: item('HXB_none', 'svg-ext-html_button', 'Nothing', {
            events: [click('onSetValue', '5')],
          }),
          HXB_add: item('HXB_add', 'svg-ext-html_button', 'Add', {
            variableId: 't_sp',
            events: [click('onSetValue', '5', { function: 'shapes.event-setvalue-add' })],
          }),
          HXB_dialog: item('HXB_dialog', 'svg-ext-html_button', 'Details', {
            events: [click('ondialog', 'v_dialog')],
          }),
          HXS_mode: item('HXS_mode', 'svg-ext-html_select', 'Mode', {
            variableId: 't_state',
            ranges: [
              { type: 'step', min: '0', max: '0', text: 'OFF', color: '#bfbfbf' },
              { type: 'step', min: 150, max: 150, text: 'NORMAL' },
              { type: 'step', min: '250', max: '250', text: 'MAX', stroke: '#ff0000' },
            ],
          }),
          HXF_frame: item('HXF_frame', 'svg-ext-html_iframe', 'Web', { address: 'https://example.com' }),
          SLI_speed: item('SLI_speed', 'svg-ext-html_slider', 'Speed', {
            variableId: 't_sp',
            options: {
              orientation: 'horizontal',
              range: { min: 10, max: 90 },
              step: 5,
              shape: { baseColor: '#cdcdcd', connectColor: '#262c3b' },
            },
          }),
          HXG_bag: item('HXG_bag', 'svg-ext-html_bag', 'Temp', {
            variableId: 't_temp',
            options: { minValue: 0, maxValue: 250, fractionDigits: 1, colorStart: '#6fadcf' },
          }),
          VAL_rpm: item('VAL_rpm', 'svg-ext-value', 'rpm', {
            variableId: 't_temp',
            ranges: [{ type: 'unit', min: 0, max: 0, text: ' rpm' }],
          }),
          PIPE_1: item('PIPE_1', 'svg-ext-pipe', 'Pipe', {}),
        },
      },
    ],
  },
  charts: [],
};
