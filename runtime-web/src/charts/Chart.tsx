/**
 * The one chart module of the console (docs/decisions.md: ECharts instead of bizcharts). Views describe a
 * chart with the small `ChartSpec` below and never import the library, so swapping it touches this file
 * only. Loaded lazily (`LazyChart`), so the library is fetched on the first view that draws a chart.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartSpec } from './spec';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function optionOf(spec: ChartSpec, dark: boolean): echarts.EChartsCoreOption {
  const text = dark ? 'rgba(249,249,249,0.8)' : 'rgba(28,31,35,0.8)';
  const axis = dark ? 'rgba(255,255,255,0.15)' : 'rgba(28,31,35,0.12)';
  // `color: undefined` would replace ECharts' default palette with nothing: bars and slices drawn invisible.
  const base = { backgroundColor: 'transparent', textStyle: { color: text }, ...(spec.colors ? { color: spec.colors } : {}) };
  if (spec.kind === 'pie') {
    return {
      ...base,
      tooltip: { trigger: 'item', valueFormatter: spec.format },
      legend: { bottom: 0, textStyle: { color: text } },
      animationDuration: 300,
      // The legend names the slices (a name in the label was cut to '…' on a narrow card).
      series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '45%'], data: spec.slices, label: { color: text, formatter: '{d}%' } }],
    };
  }
  return {
    ...base,
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: spec.format },
    xAxis: { type: 'category', data: spec.labels, axisLine: { lineStyle: { color: axis } }, axisLabel: { color: text } },
    yAxis: { type: 'value', splitLine: { lineStyle: { color: axis } }, axisLabel: { color: text } },
    series: [{ type: spec.kind, name: spec.name, data: spec.values, barMaxWidth: 28, smooth: true, areaStyle: spec.kind === 'line' ? { opacity: 0.15 } : undefined }],
  };
}

export default function Chart(props: { spec: ChartSpec; dark: boolean; height?: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>();
  useEffect(() => {
    if (!el.current) return undefined;
    const instance = echarts.init(el.current, props.dark ? 'dark' : undefined);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
    // A theme change needs a new instance (ECharts themes apply at init).
  }, [props.dark]);
  useEffect(() => {
    chart.current?.setOption(optionOf(props.spec, props.dark), true);
  }, [props.spec, props.dark]);
  return <div ref={el} role="img" aria-label={props.label} style={{ width: '100%', height: props.height ?? 300 }} />;
}
