import { avatarHue } from '@vellum/ui/core';

/** Initials in a coloured circle; decorative, since the name is always written next to it. */
export function InitialsAvatar({ name, size = 64 }: { name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => Array.from(part)[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  return (
    <span
      aria-hidden="true"
      className="d-inline-flex align-items-center justify-content-center rounded-circle text-white fw-bold flex-shrink-0"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        // Dark enough for white initials on every hue.
        backgroundColor: `hsl(${avatarHue(name)} 50% 32%)`,
      }}
    >
      {initials}
    </span>
  );
}
