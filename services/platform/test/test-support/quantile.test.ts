import { quantile } from '../../test-support';

describe("the benchmarks' quantile", () => {
  const samples = Array.from({ length: 100 }, (_, i) => i + 1);
  it('takes the sample at ⌊q·n⌋ of ascending samples, the last at most', () => {
    expect([0, 0.5, 0.95, 0.99, 1].map((q) => quantile(samples, q))).toEqual([1, 51, 96, 100, 100]);
    expect(quantile([7], 0.95)).toBe(7);
  });
  it('is NaN without samples, never a made-up figure', () => {
    expect(quantile([], 0.5)).toBeNaN();
  });
});
