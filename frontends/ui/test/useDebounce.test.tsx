import { act, render, screen } from '@testing-library/react';
import { useDebounce } from '../src';

function Probe({ value }: { value: string }) {
  return <span data-testid="value">{useDebounce(value, 100)}</span>;
}

describe('useDebounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('changes only after the value stayed the same for the delay', () => {
    const { rerender } = render(<Probe value="a" />);
    rerender(<Probe value="ab" />);
    act(() => jest.advanceTimersByTime(60));
    rerender(<Probe value="abc" />);
    act(() => jest.advanceTimersByTime(60));
    expect(screen.getByTestId('value').textContent).toBe('a');
    act(() => jest.advanceTimersByTime(40));
    expect(screen.getByTestId('value').textContent).toBe('abc');
  });
});
