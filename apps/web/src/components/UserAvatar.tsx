import { useState } from 'react';
import defaultAvatar from '../assets/default-avatar.svg';

/** The user's picture; the bundled default when the address is empty or does not load. */
export function UserAvatar({
  src,
  size = 32,
  alt = '',
}: {
  src: string;
  size?: number;
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : defaultAvatar;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src)}
      referrerPolicy="no-referrer"
      style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none', background: '#d6e4ff' }}
    />
  );
}
