interface Props {
  /** Clicks per day, oldest first. */
  clicks: readonly number[];
  width?: number;
  height?: number;
}

/** A tiny line of clicks per day (decorative: the count beside it says the same in words). */
export function Sparkline({ clicks, width = 80, height = 24 }: Props) {
  const max = Math.max(1, ...clicks);
  const step = clicks.length > 1 ? width / (clicks.length - 1) : 0;
  const points = clicks
    .map(
      (count, day) => `${(day * step).toFixed(1)},${(height - 1 - (count / max) * (height - 2)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
