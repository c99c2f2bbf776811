import { useCallback, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../api/ApiError';

/** What the hook needs of a zod schema (so this module does not load zod itself). */
export interface SchemaLike {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** The first message of each field that fails `schema` (the messages come from @vellum/proto). */
export function fieldErrors<V extends object>(schema: SchemaLike, values: V): FieldErrors<V> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<V> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as (keyof V & string) | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export interface FormHelpers<V> {
  setServerError(message: string | null): void;
  /** Back to `next` (else the initial values), nothing touched, no server error. */
  reset(next?: V): void;
}

export interface FormOptions<V extends object> {
  initial: V | (() => V);
  /** Each field's error is the schema's first issue for it. */
  schema?: SchemaLike;
  /** Errors beyond the schema's (a "must match" rule), given the schema's. */
  validate?(values: V, errors: FieldErrors<V>): FieldErrors<V>;
  /** Whether the values may be sent; by default when there is no error. Never while busy. */
  ready?(values: V, errors: FieldErrors<V>): boolean;
  /** Sends the values; a throw becomes the server error (see `failure`). */
  submit(values: V, form: FormHelpers<V>): unknown;
  /** The message a failure shows, or null for none; by default the API client's message, else `fallback`. */
  failure?(error: unknown): string | null;
  fallback?: string;
  /** The form stays busy after a successful submit (the page moves on). */
  keepBusy?: boolean;
  /** A change clears the server error. */
  clearServerErrorOnChange?: boolean;
}

export interface FormState<V extends object> {
  values: V;
  set<K extends keyof V>(name: K, value: V[K]): void;
  /** Replaces all values (marks nothing touched). */
  setValues(values: V): void;
  touched: Partial<Record<keyof V, boolean>>;
  /** Every field's error, touched or not. */
  errors: FieldErrors<V>;
  /** The field's error once it has been changed. */
  error(name: keyof V & string): string | undefined;
  busy: boolean;
  serverError: string | null;
  setServerError(message: string | null): void;
  canSubmit: boolean;
  /** The form's onSubmit: prevents the default, validates, sets busy, sends, catches the failure. */
  onSubmit(event?: FormEvent): Promise<void>;
  reset(next?: V): void;
}

/**
 * The state every form keeps (values, touched fields, per-field errors from a @vellum/proto schema, busy, the
 * server's error) and its submit handler.
 */
export function useForm<V extends object>(options: FormOptions<V>): FormState<V> {
  const { initial, schema, validate, ready, submit, failure, fallback, keepBusy, clearServerErrorOnChange } =
    options;
  const [values, setValuesState] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const sending = useRef(false);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  const schemaErrors: FieldErrors<V> = schema ? fieldErrors(schema, values) : {};
  const errors = validate ? validate(values, schemaErrors) : schemaErrors;
  const valid = ready ? ready(values, errors) : Object.keys(errors).length === 0;
  const canSubmit = valid && !busy;

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValuesState((current) => ({ ...current, [name]: value }));
      setTouched((current) => ({ ...current, [name]: true }));
      if (clearServerErrorOnChange) setServerError(null);
    },
    [clearServerErrorOnChange],
  );

  const reset = useCallback((next?: V) => {
    const start = initialRef.current;
    setValuesState(next ?? (typeof start === 'function' ? (start as () => V)() : start));
    setTouched({});
    setServerError(null);
  }, []);

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit || sending.current) return;
    sending.current = true;
    setBusy(true);
    setServerError(null);
    let failed = false;
    try {
      await submit(values, { setServerError, reset });
    } catch (error) {
      failed = true;
      setServerError(failure ? failure(error) : isApiError(error) ? error.message : (fallback ?? null));
    }
    sending.current = false;
    if (failed || !keepBusy) setBusy(false);
  };

  return {
    values,
    set,
    setValues: setValuesState,
    touched,
    errors,
    error: (name) => (touched[name] ? errors[name] : undefined),
    busy,
    serverError,
    setServerError,
    canSubmit,
    onSubmit,
    reset,
  };
}
