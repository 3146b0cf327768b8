import { Body1, Button, Caption1, makeStyles, Popover, PopoverSurface, PopoverTrigger, Subtitle2, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { RoleIcon } from '../../../components/role-icons'
import { seatName, seatNicknames } from '../seats/seat-name'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '320px' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

/**
 * The viewer's role in the phase bar (what they are at this table for the judge and spectators);
 * opens the role card with the team, the partners and the own checks.
 */
export function RoleChip({ lobby, view }: { lobby: Lobby; view: GameView | null }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const you = view?.you
  if (!view || !you?.role) {
    return (
      <Caption1 data-testid="role-chip" data-viewer={lobby.as}>
        {t(`game.as.${lobby.as}`)}
      </Caption1>
    )
  }
  const names = seatNicknames(lobby)
  const name = (seat: number) => seatName(t, seat, names.get(seat))
  return (
    <Popover withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button size="small" appearance="outline" shape="circular" icon={<RoleIcon role={you.role} size={16} />} data-testid="role-chip" data-team={you.team ?? undefined} aria-label={t('game.screen.roleChip', { role: t(`roles.${you.role}`) })}>
          <span data-testid="own-role">{t(`roles.${you.role}`)}</span>
        </Button>
      </PopoverTrigger>
      <PopoverSurface data-testid="role-card" className={styles.card}>
        <div className={styles.head}>
          <RoleIcon role={you.role} size={40} />
          <div>
            <Subtitle2 as="h2">{t(`roles.${you.role}`)}</Subtitle2>
            <Caption1 as="p">{t(`game.team.${you.team ?? 'red'}`)}</Caption1>
          </div>
        </div>
        {you.partners.length > 0 ? <Body1>{t('game.screen.partners.list', { seats: you.partners.map((partner) => `${name(partner.seat)} (${t(`roles.${partner.role}`)})`).join(', ') })}</Body1> : null}
        {view.nightActions
          .filter((action) => action.seat === you.seat && action.result !== null)
          .map((action) => (
            <Caption1 key={`${action.night}-${action.step}`} data-testid="check-result">
              {t('game.check', { night: action.night, seat: action.target, result: t(`game.result.${action.result}`) })}
            </Caption1>
          ))}
      </PopoverSurface>
    </Popover>
  )
}
