export interface AvatarProps {
  username: string;
  image?: string | null;
  size?: number;
  className?: string;
}

/** A hue from the username, so the same person always gets the same colour. */
export function avatarHue(username: string): number {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** The user's image, or one generated from the username (spec section 3) when they have none. */
export function Avatar({ username, image, size = 32, className }: AvatarProps) {
  const style = { width: size, height: size, borderRadius: '50%', objectFit: 'cover' as const };
  if (image) return <img src={image} alt={`@${username}`} style={style} className={className} />;
  const initial = (Array.from(username)[0] ?? '?').toUpperCase();
  return (
    <svg
      role="img"
      aria-label={`@${username}`}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      className={className}
      style={{ borderRadius: '50%' }}
    >
      <rect width="40" height="40" fill={`hsl(${avatarHue(username)} 55% 45%)`} />
      <text x="20" y="26" textAnchor="middle" fontSize="18" fontFamily="sans-serif" fill="#fff">
        {initial}
      </text>
    </svg>
  );
}
