import type { ReactElement } from 'react'
import type { RoleName } from '../../../server/contract/game'

/** Every icon name of spec section 3: the characters and the deck. */
export type RoleIconName = RoleName | 'Deck'

/*
 * One simple drawing per character on a 24x24 grid, in the current text colour, so each stays
 * readable at 16 px and follows the theme. Black-team roles are drawn filled, the others outlined.
 */
const drawings: Record<RoleIconName, ReactElement> = {
  Civil: (
    <>
      <circle cx="12" cy="7" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </>
  ),
  Don: (
    <>
      <path d="M3 11h18l-3-2V6c0-1.5-2.5-3-6-3S6 4.5 6 6v3z" fill="currentColor" />
      <path d="M2 12.5h20" />
      <circle cx="12" cy="17" r="4" fill="currentColor" />
    </>
  ),
  Doctor: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M12 7v10M7 12h10" strokeWidth="3" />
    </>
  ),
  Maniac: (
    <>
      <path d="M5 19L17 5l2 2L7 21z" />
      <path d="M15 9l3 3" />
      <circle cx="6" cy="6" r="2" fill="currentColor" />
    </>
  ),
  Mayor: (
    <>
      <path d="M3 10l9-6 9 6" />
      <path d="M5 10v9M9 10v9M15 10v9M19 10v9M3 21h18" />
    </>
  ),
  Daemon: (
    <>
      <path d="M6 3l2 5M18 3l-2 5" />
      <path d="M5 12a7 7 0 0014 0c0-3-3-5-7-5s-7 2-7 5z" fill="currentColor" />
      <path d="M9 18h6" />
    </>
  ),
  Consigliere: (
    <>
      <path d="M4 4h12l4 4v12H4z" fill="currentColor" />
      <path d="M8 11h8M8 15h6" stroke="white" />
    </>
  ),
  Ninja: (
    <>
      <circle cx="12" cy="12" r="9" fill="currentColor" />
      <path d="M5 11h14" stroke="white" strokeWidth="3" />
    </>
  ),
  Vampire: (
    <>
      <path d="M3 6c3 0 5 2 9 2s6-2 9-2c-1 8-5 13-9 13S4 14 3 6z" fill="currentColor" />
      <path d="M9 10l1 3 1-3M13 10l1 3 1-3" stroke="white" />
    </>
  ),
  Butler: (
    <>
      <path d="M6 9l6 3 6-3-6-3z" />
      <path d="M12 12v9M4 21h16" />
      <circle cx="12" cy="4" r="1.5" />
    </>
  ),
  Journalist: (
    <>
      <rect x="4" y="3" width="14" height="18" rx="1" />
      <path d="M7 7h8M7 11h8M7 15h5" />
      <path d="M18 7h2v12a2 2 0 01-2 2" />
    </>
  ),
  Oracle: (
    <>
      <circle cx="12" cy="11" r="7" />
      <path d="M8 21h8" />
      <path d="M10 8a3 3 0 013 0" />
    </>
  ),
  Hunter: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="3" />
      <path d="M12 1v5M12 18v5M1 12h5M18 12h5" />
    </>
  ),
  Witch: (
    <>
      <path d="M12 2l-6 15h12z" />
      <path d="M3 17h18" />
      <path d="M9 21h6" />
    </>
  ),
  Fatale: (
    <>
      <path d="M12 21s-8-5-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 6-8 11-8 11z" fill="currentColor" />
    </>
  ),
  Angel: (
    <>
      <ellipse cx="12" cy="4" rx="5" ry="1.8" />
      <circle cx="12" cy="10" r="3" />
      <path d="M12 13l-8 3 3 4h10l3-4z" />
    </>
  ),
  Yakuza: (
    <>
      <path d="M4 20L20 4" strokeWidth="2.5" />
      <path d="M17 3l4 4" />
      <circle cx="7" cy="7" r="3" fill="currentColor" />
    </>
  ),
  Minion: (
    <>
      <rect x="6" y="3" width="12" height="18" rx="6" fill="currentColor" />
      <circle cx="12" cy="9" r="2.5" stroke="white" />
    </>
  ),
  Avenger: (
    <>
      <path d="M12 2l8 4v6c0 5-4 8-8 10-4-2-8-5-8-10V6z" />
      <path d="M9 12l3 3 3-6" />
    </>
  ),
  Capo: (
    <>
      <path d="M3 18l2-10 4 4 3-7 3 7 4-4 2 10z" fill="currentColor" />
      <path d="M3 21h18" />
    </>
  ),
  Monk: (
    <>
      <circle cx="12" cy="6" r="3" />
      <path d="M5 21c0-6 3-10 7-10s7 4 7 10z" />
      <path d="M9 16h6" />
    </>
  ),
  Predictor: (
    <>
      <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
    </>
  ),
  Coban: (
    <>
      <path d="M12 2l2.5 6.5L21 9l-5 4.5 1.5 7L12 17l-5.5 3.5 1.5-7L3 9l6.5-.5z" />
    </>
  ),
  Mafia: (
    <>
      <path d="M4 11h16l-2-6H6z" fill="currentColor" />
      <path d="M2 12h20" />
      <path d="M6 16h4M14 16h4" strokeWidth="2.5" />
    </>
  ),
  Sheriff: (
    <>
      <path d="M12 2l2.9 6 6.6.6-5 4.4 1.5 6.5L12 16l-6 3.5 1.5-6.5-5-4.4L9.1 8z" />
      <circle cx="12" cy="11" r="2.2" fill="currentColor" />
    </>
  ),
  Judge: (
    <>
      <path d="M14 3l7 7-3 3-7-7z" fill="currentColor" />
      <path d="M12.5 8.5L4 17" strokeWidth="2.5" />
      <path d="M3 21h10" />
    </>
  ),
  Deck: (
    <>
      <rect x="7" y="3" width="13" height="17" rx="2" />
      <path d="M4 6v13a2 2 0 002 2h10" />
      <path d="M13.5 8l2 3.5-2 3.5-2-3.5z" fill="currentColor" />
    </>
  ),
}

/** A character's icon (or the deck's): a decorative drawing unless given a label. */
export function RoleIcon({ role, size = 24, label, className }: { role: RoleIconName; size?: number; label?: string; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-role-icon={role}
    >
      {drawings[role]}
    </svg>
  )
}

export const roleIconNames = Object.keys(drawings) as RoleIconName[]
