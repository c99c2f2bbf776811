import { act, fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { ApiError, fieldErrors, useForm, type FormOptions } from '../src';

const schema = z.object({
  name: z.string().min(1, 'Name is required.').max(5, 'At most 5 characters.'),
  code: z.string().regex(/^\d*$/, 'Digits only.'),
});
type Values = { name: string; code: string };

function Probe(props: Partial<FormOptions<Values>> & Pick<FormOptions<Values>, 'submit'>) {
  const form = useForm<Values>({ initial: { name: '', code: '' }, schema, ...props });
  return (
    <form onSubmit={(event) => void form.onSubmit(event)}>
      <input aria-label="name" value={form.values.name} onChange={(e) => form.set('name', e.target.value)} />
      <input aria-label="code" value={form.values.code} onChange={(e) => form.set('code', e.target.value)} />
      <span data-testid="name-error">{form.error('name') ?? ''}</span>
      <span data-testid="code-error">{form.error('code') ?? ''}</span>
      <span data-testid="all-errors">{Object.keys(form.errors).join(',')}</span>
      <span data-testid="server-error">{form.serverError ?? ''}</span>
      <span data-testid="busy">{String(form.busy)}</span>
      <button type="button" onClick={() => form.reset()}>
        reset
      </button>
      <button type="submit" disabled={!form.canSubmit}>
        send
      </button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const text = (id: string) => screen.getByTestId(id).textContent;
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'send' });

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('fieldErrors', () => {
  it("gives each field's first message, and nothing for valid values", () => {
    expect(fieldErrors(schema, { name: '', code: 'x' })).toEqual({
      name: 'Name is required.',
      code: 'Digits only.',
    });
    expect(fieldErrors(schema, { name: 'ab', code: '12' })).toEqual({});
  });
});

describe('useForm', () => {
  it("shows a field's error only once it was changed, and keeps submit disabled while anything is invalid", () => {
    render(<Probe submit={jest.fn()} />);
    expect(text('all-errors')).toBe('name');
    expect(text('name-error')).toBe('');
    expect(send().disabled).toBe(true);
    type('code', 'x');
    expect(text('code-error')).toBe('Digits only.');
    expect(text('name-error')).toBe('');
    type('name', 'toolong');
    expect(text('name-error')).toBe('At most 5 characters.');
    type('name', 'ok');
    type('code', '1');
    expect(text('name-error')).toBe('');
    expect(send().disabled).toBe(false);
  });

  it('adds the errors of `validate` and follows `ready`', () => {
    render(
      <Probe
        submit={jest.fn()}
        validate={(values, errors) => (values.code === '0' ? { ...errors, code: 'Not zero.' } : errors)}
        ready={(values, errors) => Object.keys(errors).length === 0 && values.code !== ''}
      />,
    );
    type('name', 'ab');
    expect(send().disabled).toBe(true);
    type('code', '0');
    expect(text('code-error')).toBe('Not zero.');
    type('code', '7');
    expect(send().disabled).toBe(false);
  });

  it('is busy while sending, sends the values once, and is free again afterwards', async () => {
    const pending = deferred();
    const submit = jest.fn(() => pending.promise);
    render(<Probe submit={submit} />);
    type('name', 'ab');
    fireEvent.click(send());
    fireEvent.submit(send().closest('form')!);
    expect(text('busy')).toBe('true');
    expect(send().disabled).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ name: 'ab', code: '' }, expect.anything());
    await act(async () => pending.resolve());
    expect(text('busy')).toBe('false');
    expect(send().disabled).toBe(false);
  });

  it('does not send invalid values (Enter on an invalid form)', () => {
    const submit = jest.fn();
    render(<Probe submit={submit} />);
    fireEvent.submit(send().closest('form')!);
    expect(submit).not.toHaveBeenCalled();
    expect(text('busy')).toBe('false');
  });

  it("shows the API client's message of a failure, else the fallback, and clears it on the next submit", async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'Taken.'))
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(undefined);
    render(<Probe submit={submit} fallback="Could not send." />);
    type('name', 'ab');
    await act(async () => fireEvent.click(send()));
    expect(text('server-error')).toBe('Taken.');
    expect(text('busy')).toBe('false');
    type('name', 'abc');
    expect(text('server-error')).toBe('Taken.');
    await act(async () => fireEvent.click(send()));
    expect(text('server-error')).toBe('Could not send.');
    await act(async () => fireEvent.click(send()));
    expect(text('server-error')).toBe('');
  });

  it('maps a failure with `failure`, clears the server error on change when asked, and stays busy with `keepBusy`', async () => {
    const submit = jest.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(undefined);
    render(<Probe submit={submit} failure={() => 'Mapped.'} clearServerErrorOnChange keepBusy />);
    type('name', 'ab');
    await act(async () => fireEvent.click(send()));
    expect(text('server-error')).toBe('Mapped.');
    expect(text('busy')).toBe('false');
    type('name', 'abc');
    expect(text('server-error')).toBe('');
    await act(async () => fireEvent.click(send()));
    expect(text('busy')).toBe('true');
    expect(send().disabled).toBe(true);
  });

  it('lets submit set the server error and reset the form', async () => {
    const submit = jest
      .fn()
      .mockImplementationOnce((_values, form) => form.setServerError('Refused.'))
      .mockImplementationOnce((_values, form) => form.reset());
    render(<Probe submit={submit} />);
    type('name', 'ab');
    await act(async () => fireEvent.click(send()));
    expect(text('server-error')).toBe('Refused.');
    await act(async () => fireEvent.click(send()));
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('');
    expect(text('name-error')).toBe('');
    expect(text('server-error')).toBe('');
  });
});
