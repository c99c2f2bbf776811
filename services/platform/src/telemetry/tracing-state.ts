let started = false;

/** Called by startTelemetry: until then no span is made by hand (event spans, the gateway's calls). */
export function tracingStarted(): void {
  started = true;
}

export const isTracing = (): boolean => started;
