import { actionsBadgeVariant, possessive } from '../src';

describe('possessive', () => {
  it("adds 's, or only ' after a final s", () => {
    expect(possessive('Ann')).toBe("Ann's");
    expect(possessive('James')).toBe("James'");
    expect(possessive('CHRIS')).toBe("CHRIS'");
  });
});

describe('actions badge colour', () => {
  it('follows the highest priority: High danger, Medium info, otherwise light', () => {
    expect(actionsBadgeVariant('High')).toBe('danger');
    expect(actionsBadgeVariant('Medium')).toBe('info');
    expect(actionsBadgeVariant('Low')).toBe('light');
    expect(actionsBadgeVariant(undefined)).toBe('light');
    expect(actionsBadgeVariant(null)).toBe('light');
  });
});
