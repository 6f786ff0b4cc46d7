/*!
 * ECharts, Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0),
 * from the Apache Software Foundation's npm package "echarts", bundled with
 * only the parts benchview's pages draw with.
 */
// The ECharts that web/echarts.min.js holds (make builds it with esbuild
// from the npm package the lockfile pins): its core and the series and
// components the options of this package and export/page.js and
// export/insights.js use, as window.echarts. The whole library's
// echarts.min.js is twice the size, and a fresh page compiled and ran all
// of it (50-65 ms in one task on opening an exported page). An option
// that uses a series or component not listed here is not drawn: add it
// here.
import { use } from 'echarts/core';
import { BoxplotChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BoxplotChart, LineChart, ScatterChart,
  GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TooltipComponent,
  CanvasRenderer,
]);

export * from 'echarts/core';
