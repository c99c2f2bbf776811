import type { ReactNode } from 'react';

/** Fictional organisations; their marks are drawn here, so no outside image or real trademark is used. */
export const ORGANISATIONS: ReadonlyArray<{ name: string; mark: ReactNode }> = [
  {
    name: 'Larkspur University',
    mark: (
      <>
        <path d="M4 9 L16 4 L28 9 L16 14 Z" />
        <path d="M8 12 V21 C8 24 24 24 24 21 V12 L16 16 Z" />
        <rect x="27" y="9" width="1.6" height="11" />
      </>
    ),
  },
  {
    name: 'Tallgrass Robotics',
    mark: <path d="M16 3 L27 9.5 V22.5 L16 29 L5 22.5 V9.5 Z M16 10 L11 13 V19 L16 22 L21 19 V13 Z" />,
  },
  {
    name: 'Emberline Press',
    mark: (
      <path d="M16 3 C22 10 25 14 25 19 A9 9 0 0 1 7 19 C7 15 10 12 12 9 C13 13 15 15 17 15 C17 11 16 7 16 3 Z" />
    ),
  },
  {
    name: 'Northgale Labs',
    mark: (
      <>
        <path d="M3 12 Q9.5 5 16 12 T29 12 V16 Q22.5 9 16 16 T3 16 Z" />
        <path d="M3 21 Q9.5 14 16 21 T29 21 V25 Q22.5 18 16 25 T3 25 Z" />
      </>
    ),
  },
  {
    name: 'Quillfeather College',
    mark: (
      <path d="M27 4 C15 6 8 14 6 27 L8 28 C9 24 11 21 13 19 L19 19 L16 16 L22 14 L19 12 C22 9 25 7 27 4 Z" />
    ),
  },
  {
    name: 'Bluefin Ventures',
    mark: <path d="M16 3 L29 16 L16 29 L3 16 Z M16 9 L9 16 L16 23 L23 16 Z" />,
  },
];

const LETTER_WIDTH = 8.2;

/** One organisation's mark and name, as an accessible image. */
export function OrganisationLogo({ name, mark }: { name: string; mark: ReactNode }) {
  const width = Math.ceil(40 + name.length * LETTER_WIDTH);
  return (
    <svg
      role="img"
      aria-label={`${name} logo`}
      viewBox={`0 0 ${width} 32`}
      width={width}
      height={32}
      fill="currentColor"
      style={{ maxWidth: '100%' }}
    >
      <title>{`${name} logo`}</title>
      {mark}
      <text
        x="38"
        y="21.5"
        fontSize="14.5"
        fontWeight="600"
        fontFamily="system-ui, sans-serif"
        letterSpacing="0.2"
      >
        {name}
      </text>
    </svg>
  );
}
