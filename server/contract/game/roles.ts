import { Type, type Static } from 'typebox'

/**
 * Every game character of the product (spec section 3), by icon name. Only the roles a deck uses
 * have rules in the engine; the others exist so decks and icons can name them.
 */
export const characterNames = [
  'Civil',
  'Don',
  'Doctor',
  'Maniac',
  'Mayor',
  'Daemon',
  'Consigliere',
  'Ninja',
  'Vampire',
  'Butler',
  'Journalist',
  'Oracle',
  'Hunter',
  'Witch',
  'Fatale',
  'Angel',
  'Yakuza',
  'Minion',
  'Avenger',
  'Capo',
  'Monk',
  'Predictor',
  'Coban',
  'Mafia',
  'Sheriff',
  'Judge',
] as const

/** A character's name, also its icon name. */
export type RoleName = (typeof characterNames)[number]
export const RoleName = Type.Enum(characterNames)

/**
 * The sides of a game: red (the city), black (the mafia) and the Maniac, who plays alone.
 */
export const teams = ['red', 'black', 'maniac'] as const
export type Team = (typeof teams)[number]
export const Team = Type.Enum(teams)

/** How a finished game ended: the winning side, or a draw. */
export type Outcome = Team | 'draw'
export const Outcome = Type.Enum([...teams, 'draw'] as const)

/** Decks the product ships: 1 classic (10 seats), 2 city (12 seats). */
export const deckIds = [1, 2] as const
export type DeckId = (typeof deckIds)[number]
export const DeckId = Type.Enum(deckIds)

/** A seat number at the table, 1-based. The largest deck has 12 seats. */
export const maxSeats = 12
export const SeatNumber = Type.Integer({ minimum: 1, maximum: maxSeats })
export type SeatNumber = Static<typeof SeatNumber>
