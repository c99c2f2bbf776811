import { passwordChecklist } from '@vellum/proto';

describe('passwordChecklist', () => {
  it('is all false for an empty password', () => {
    expect(passwordChecklist('')).toEqual({ length: false, digit: false, uppercase: false, special: false });
  });

  it('ticks length at 8 characters (the checklist says 8+), not at 7', () => {
    expect(passwordChecklist('abcdefg').length).toBe(false);
    expect(passwordChecklist('abcdefgh').length).toBe(true);
  });

  it('ticks a digit', () => {
    expect(passwordChecklist('abc').digit).toBe(false);
    expect(passwordChecklist('abc7').digit).toBe(true);
  });

  it('ticks an uppercase letter, including non-ASCII ones', () => {
    expect(passwordChecklist('abc1!').uppercase).toBe(false);
    expect(passwordChecklist('abcD').uppercase).toBe(true);
    expect(passwordChecklist('abcÉ').uppercase).toBe(true);
  });

  it('ticks a special character but not letters, digits or spaces', () => {
    expect(passwordChecklist('Abc 1é').special).toBe(false);
    expect(passwordChecklist('abc!').special).toBe(true);
    expect(passwordChecklist('abc_').special).toBe(true);
    expect(passwordChecklist('abc€').special).toBe(true);
  });

  it('is all true for a strong password', () => {
    expect(passwordChecklist('Secr3t-pass')).toEqual({
      length: true,
      digit: true,
      uppercase: true,
      special: true,
    });
  });
});
