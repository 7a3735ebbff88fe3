import { Link } from 'react-router';
import { paths } from '../paths';
import { site } from '../site';

/** The four operations on a tile: the product's mark (drawn, so it does not depend on installed fonts). */
export function LogoMark({ size = 44 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
      <g fill="none" strokeWidth="5" strokeLinecap="round">
        <path d="M12 20h16M20 12v16" stroke="#ffd166" />
        <path d="M36 20h16" stroke="#ffffff" />
        <path d="M14 38l12 12M26 38l-12 12" stroke="#ffa07a" />
        <path d="M36 44h16" stroke="#9be7c4" />
      </g>
      <g fill="#9be7c4">
        <circle cx="44" cy="37" r="3" />
        <circle cx="44" cy="51" r="3" />
      </g>
    </svg>
  );
}

export function Logo() {
  return (
    <Link to={paths.home} className="logo" aria-label={`${site.name}: página inicial`}>
      <LogoMark />
      <span className="logo-name">{site.name}</span>
    </Link>
  );
}
