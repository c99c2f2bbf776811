/** One sample of Prometheus' text format: its name, its labels and its value. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample of a scrape (comments left out), labels unescaped. */
export function metricSamples(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the sample named `name` whose labels are exactly `labels` (in any order), or undefined when the
 * scrape has none.
 */
export function metricValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).sort();
  return metricSamples(text).find(
    (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === JSON.stringify(wanted),
  )?.value;
}
