import type { KeyboardEvent } from 'react';
import { VELLUM_TITLE_MAX } from '@vellum/proto/editor';
import { texts } from '../texts';

export interface TitleFieldProps {
  value: string;
  onChange(value: string): void;
  /** Enter or Tab moves the focus to the body (spec section 5). */
  onDone(): void;
  autoFocus?: boolean;
}

/** The editable title: at most 92 characters, further typing blocked (spec sections 5 and 9). */
export function TitleField({ value, onChange, onDone, autoFocus }: TitleFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (
      (event.key === 'Enter' || event.key === 'Tab') &&
      !event.shiftKey &&
      !event.ctrlKey &&
      !event.metaKey
    ) {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <input
      className="form-control form-control-lg vellum-title-input fw-semibold"
      type="text"
      aria-label={texts.titlePlaceholder}
      placeholder={texts.titlePlaceholder}
      maxLength={VELLUM_TITLE_MAX}
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value.slice(0, VELLUM_TITLE_MAX))}
      onKeyDown={onKeyDown}
    />
  );
}
