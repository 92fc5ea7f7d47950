/**
 * The dashboard's chart: what the referrals deposited and what that earned the partner, one
 * point a day. uPlot draws it; this module is loaded only with the dashboard, so the chart
 * library stays out of the first page's JS.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartDay {
  /** Unix seconds of the day's start. */
  at: number;
  /** Cents. */
  deposited: number;
  earned: number;
}

const HEIGHT = 240;

/** A colour of the theme, read from the page's CSS (the canvas cannot use var()). */
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export default function DashboardChart({ days }: { days: ChartDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const text = themeColour('--muted', '#9aa3b5');
    const axis = { stroke: text, grid: { stroke: 'rgba(255,255,255,0.06)' }, ticks: { stroke: 'rgba(255,255,255,0.1)' } };
    const data: uPlot.AlignedData = [days.map((d) => d.at), days.map((d) => d.deposited / 100), days.map((d) => d.earned / 100)];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        // The days are UTC days, so the axis speaks UTC too.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        scales: { x: { time: true }, earned: { auto: true } },
        axes: [
          { ...axis },
          { ...axis, scale: 'coins', label: 'Deposited', labelSize: 20, size: 56 },
          { ...axis, scale: 'earned', side: 1, label: 'Earned', labelSize: 20, size: 56, grid: { show: false } },
        ],
        series: [
          {},
          { label: 'Deposited', scale: 'coins', stroke: '#5b8cff', fill: 'rgba(91,140,255,0.18)', width: 2, points: { show: days.length < 40 }, value: (_u, v) => (v == null ? '-' : v.toFixed(2)) },
          { label: 'Earned', scale: 'earned', stroke: '#3fd68c', width: 2, points: { show: days.length < 40 }, value: (_u, v) => (v == null ? '-' : v.toFixed(2)) },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={box} className="partner-chart" data-testid="partner-chart" />;
}
