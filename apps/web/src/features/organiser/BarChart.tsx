import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only the parts a bar chart needs, so the console's chunk carries no more of Chart.js than that.
// This module is imported by console screens only: attendees never download it.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  /** Says what the chart shows, for screen readers (the numbers are in the table beside it). */
  label: string;
  labels: string[];
  values: number[];
}

/** A bar chart drawn on a canvas; its figures must also be given as text or a table next to it. */
export function BarChart({ label, labels, values }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [{ data: [], backgroundColor: '#38bdf8', borderRadius: 3 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 300 },
        plugins: { tooltip: { enabled: true } },
        scales: {
          x: { ticks: { color: '#cbd5e1', maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: '#cbd5e1', precision: 0 }, grid: { color: 'rgba(148, 163, 184, 0.2)' } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  // New figures update the chart in place (the Overview refreshes every few seconds).
  useEffect(() => {
    const current = chart.current;
    const dataset = current?.data.datasets[0];
    if (!current || !dataset) return;
    current.data.labels = labels;
    dataset.data = values;
    current.update();
  }, [labels, values]);

  return (
    <div className="relative h-56 w-full">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
