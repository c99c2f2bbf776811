import { passwordChecklist } from '@vellum/proto/api';

const ITEMS = [
  ['length', '8+ characters'],
  ['digit', 'a digit'],
  ['uppercase', 'an uppercase letter'],
  ['special', 'a special character'],
] as const;

/**
 * The sign-up checklist. Note the spec's own contradiction, kept as written: this list says 8+ characters,
 * while the sign-up check (signUpPasswordSchema) requires more than 8, so exactly 8 ticks the box here but
 * still shows 'Your password must have at least 8 characters.'.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecklist(password);
  return (
    <ul className="list-unstyled small mb-2" aria-label="Password checklist" data-testid="password-checklist">
      {ITEMS.map(([key, label]) => (
        <li key={key} className={checks[key] ? 'text-success' : 'text-secondary'} data-met={checks[key]}>
          <span aria-hidden="true">{checks[key] ? '✓' : '○'}</span> {label}
          <span className="visually-hidden">{checks[key] ? ' (done)' : ' (missing)'}</span>
        </li>
      ))}
    </ul>
  );
}
