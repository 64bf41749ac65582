/**
 * Only the ECharts parts the alarm performance charts use, loaded by the charts when they first draw
 * (a dynamic import), so neither the first screen nor the page's own chunk carries them. SVG also
 * renders under jsdom (no canvas there).
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
