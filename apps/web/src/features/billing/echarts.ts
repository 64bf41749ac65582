/**
 * Only the ECharts parts the usage chart uses. Twelve bars draw crisply as SVG, which also renders
 * under jsdom (no canvas there), so the component tests see the chart.
 */
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
