import { Badge, type BadgeProps } from '@fluentui/react-components'
import { CheckmarkCircle12Filled, ErrorCircle12Filled, QuestionCircle12Filled } from '@fluentui/react-icons'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { SeatMark } from '../../../state/seat-marks'
import { useSeatMark } from './use-seat-mark'

/** Each mark's colour and its icon: the icon says it too, for those who do not tell the colours apart. */
export const markLook: Record<Exclude<SeatMark, 'none'>, { color: NonNullable<BadgeProps['color']>; icon: ReactElement }> = {
  suspicion: { color: 'danger', icon: <ErrorCircle12Filled /> },
  trust: { color: 'success', icon: <CheckmarkCircle12Filled /> },
  unsure: { color: 'warning', icon: <QuestionCircle12Filled /> },
}

/** The viewer's own mark on a seat, as a badge in the tile's badge row; nothing when unmarked. */
export function SeatMarkBadge({ lobbyId, seat }: { lobbyId: number; seat: number }) {
  const { t } = useTranslation()
  const mark = useSeatMark(lobbyId, seat)
  if (mark === 'none') return null
  const look = markLook[mark]
  const name = t(`game.seatTools.mark.${mark}`)
  return (
    <Badge appearance="filled" color={look.color} icon={look.icon} data-testid={`seat-mark-badge-${seat}`} data-mark={mark} title={t('game.seatTools.mark.badge', { mark: name })}>
      {name}
    </Badge>
  )
}
