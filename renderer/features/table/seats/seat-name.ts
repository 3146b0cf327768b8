import type { TFunction } from 'i18next'
import type { Lobby } from '../../../../server/contract/socket/lobbies'

/** A seat as texts name it: "#2 Marta" (or "#2" for a free seat). */
export function seatName(t: TFunction, seat: number, nickname: string | null | undefined): string {
  return nickname ? t('game.screen.seatName', { seat, name: nickname }) : t('game.screen.seatNumber', { seat })
}

/** Seat numbers to nicknames, from the lobby's seating. */
export function seatNicknames(lobby: Lobby): Map<number, string> {
  return new Map(lobby.lobby.players.map((seat) => [seat.seat, seat.user.nickname]))
}
