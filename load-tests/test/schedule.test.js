// The fixed-rate mix of main.js (RATE=…): each journey's share of the requests, its arrival rate and its VUs.
const { arrivalRates, arrivalVus, maxVusOf, scenariosOf } = require('../lib/schedule.js');

const journey = (name, load, requestsPerIteration, signedIn = false) => ({
  meta: { name, signedIn, vus: { smoke: 1, load }, requestsPerIteration, p99Ms: { smoke: 1500, load: 50 } },
});
const MIX = [journey('visitor', 16, 6), journey('owner', 4, 2, true), journey('links', 8, 2)];

describe('the fixed-rate mix', () => {
  it('splits the requests by the journeys’ load VUs and turns them into iterations by requests per iteration', () => {
    const rates = arrivalRates(MIX, 1120);
    expect(rates.map((r) => r.requestsPerSecond)).toEqual([640, 160, 320]);
    expect(rates.map((r) => r.iterationsPerSecond)).toEqual([107, 80, 160]);
    // The requests the iterations make add back up to the asked rate (within rounding).
    const total = rates.reduce(
      (sum, r, i) => sum + r.iterationsPerSecond * MIX[i].meta.requestsPerIteration,
      0,
    );
    expect(Math.abs(total - 1120)).toBeLessThanOrEqual(6);
  });

  it('never asks for less than one iteration a second', () => {
    expect(arrivalRates(MIX, 1).every((r) => r.iterationsPerSecond === 1)).toBe(true);
  });

  it('gives an arrival-rate journey VUs for 100 ms iterations up front and for 500 ms ones at most', () => {
    expect(arrivalVus(100)).toEqual({ preAllocatedVUs: 10, maxVUs: 50 });
    expect(arrivalVus(1)).toEqual({ preAllocatedVUs: 2, maxVUs: 4 });
  });

  it('schedules constant-arrival-rate scenarios at a rate and constant VUs without one', () => {
    const byRate = scenariosOf(MIX, { profile: 'load', duration: '30s', rate: 1120 });
    expect(byRate.visitor).toEqual({
      executor: 'constant-arrival-rate',
      exec: 'visitorJourney',
      rate: 107,
      timeUnit: '1s',
      duration: '30s',
      preAllocatedVUs: 11,
      maxVUs: 54,
    });
    const byVus = scenariosOf(MIX, { profile: 'load', duration: '30s', scale: 2 });
    expect(byVus.owner).toEqual({ executor: 'constant-vus', exec: 'ownerJourney', vus: 8, duration: '30s' });
    expect(maxVusOf(byRate.owner)).toBe(40);
    expect(maxVusOf(byVus.owner)).toBe(8);
  });
});
