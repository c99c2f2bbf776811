import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SeriesDay, SeriesMetric } from '@vellum/proto/api';
import { metricLabels } from './adminTexts';

// Told apart without colour: each line has its own dash pattern and point size, and the legend names it.
const STYLES = [
  { stroke: '#0d6efd', dash: [] as number[], size: 5 },
  { stroke: '#d63384', dash: [10, 5], size: 7 },
  { stroke: '#198754', dash: [2, 4], size: 9 },
  { stroke: '#b35900', dash: [12, 4, 2, 4], size: 3 },
];

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** One chart of some metrics of the series, one line each, drawn by uPlot on a canvas. */
export function SeriesChart({
  title,
  metrics,
  days,
}: {
  title: string;
  metrics: SeriesMetric[];
  days: SeriesDay[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return undefined;
    const data: uPlot.AlignedData = [
      days.map((d) => dayTime(d.day)),
      ...metrics.map((m) => days.map((d) => d[m])),
    ];
    const plot = new uPlot(
      {
        title,
        width: Math.max(target.clientWidth, 320),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{}, { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
        series: [
          { label: 'Day' },
          ...metrics.map((metric, i) => {
            const style = STYLES[i % STYLES.length]!;
            return {
              label: metricLabels[metric],
              stroke: style.stroke,
              dash: style.dash,
              width: 2,
              points: { show: true, size: style.size, stroke: style.stroke, fill: '#fff' },
            };
          }),
        ],
      },
      data,
      target,
    );
    return () => plot.destroy();
  }, [title, metrics, days]);
  return (
    <figure className="mb-4" data-testid="admin-chart">
      <div
        ref={box}
        role="img"
        aria-label={`${title}: ${metrics.map((m) => metricLabels[m]).join(', ')} per day`}
      />
    </figure>
  );
}
