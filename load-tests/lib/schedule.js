// How main.js schedules the journeys: at a fixed number of VUs each (`constant-vus`, the default), or at a fixed
// request rate for the whole mix (RATE=1000: `constant-arrival-rate`, open model — a slow answer does not slow the
// arrivals, so the p99 is the one users would see at that rate). Plain JavaScript without k6 imports, so the unit
// test runs it under jest.

/**
 * The mix at a fixed rate: each journey's share of the requests is its load-profile VU count (visitor 16, links 8,
 * owner, editing, actions and follow 4 each), turned into iterations per second by its requests per iteration.
 */
export function arrivalRates(journeys, rate) {
  const weight = journeys.reduce((sum, j) => sum + j.meta.vus.load, 0);
  return journeys.map((journey) => {
    const requestsPerSecond = (rate * journey.meta.vus.load) / weight;
    return {
      name: journey.meta.name,
      requestsPerSecond,
      iterationsPerSecond: Math.max(1, Math.round(requestsPerSecond / journey.meta.requestsPerIteration)),
    };
  });
}

/**
 * VUs an arrival-rate journey may use: enough for its iterations to take 100 ms each (pre-allocated) and up to
 * 500 ms each (the most; ten times the p99 target of a request). Past that the product is saturated, and the run
 * says so in `dropped_iterations` rather than by queueing without end.
 */
export function arrivalVus(iterationsPerSecond) {
  return {
    preAllocatedVUs: Math.max(2, Math.ceil(iterationsPerSecond * 0.1)),
    maxVUs: Math.max(4, Math.ceil(iterationsPerSecond * 0.5)),
  };
}

/** The k6 scenarios: { [name]: scenario } for the active journeys, by VUs or (rate > 0) by arrival rate. */
export function scenariosOf(journeys, { profile, duration, scale = 1, rate = 0 }) {
  const scenarios = {};
  if (rate > 0) {
    const rates = arrivalRates(journeys, rate);
    journeys.forEach((journey, i) => {
      const { iterationsPerSecond } = rates[i];
      scenarios[journey.meta.name] = {
        executor: 'constant-arrival-rate',
        exec: `${journey.meta.name}Journey`,
        rate: iterationsPerSecond,
        timeUnit: '1s',
        duration,
        ...arrivalVus(iterationsPerSecond),
      };
    });
    return scenarios;
  }
  for (const journey of journeys) {
    scenarios[journey.meta.name] = {
      executor: 'constant-vus',
      exec: `${journey.meta.name}Journey`,
      vus: Math.max(1, Math.round(journey.meta.vus[profile] * scale)),
      duration,
    };
  }
  return scenarios;
}

/** The most VUs a scenario may run: signed-in journeys need one seeded person each. */
export const maxVusOf = (scenario) => scenario.maxVUs ?? scenario.vus;
