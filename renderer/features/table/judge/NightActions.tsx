import { Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import { seatName, type SeatCard } from '../announcements/announcement-of'

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0, alignItems: 'center' },
  item: {
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
  },
})

/**
 * This night's actions as the judge sees them, live from `view.nightActions` (`night-actions`, each
 * `night-action` with `data-step`): who shot whom, the checks with their answers. Shown during the
 * night's steps; the log keeps every night.
 */
export function NightActions({ view, cards }: { view: GameView; cards: readonly SeatCard[] }) {
  const styles = useStyles()
  const { t } = useTranslation()
  if (!view.phase.startsWith('night_')) return null
  const tonight = view.nightActions.filter((action) => action.night === view.night)
  return (
    <ul className={styles.list} data-testid="night-actions" aria-label={t('game.cockpit.nightActions', { night: view.night })}>
      <li>
        <Caption1>{t('game.cockpit.nightActions', { night: view.night })}</Caption1>
      </li>
      {tonight.length === 0 ? (
        <li className={styles.item}>{t('game.cockpit.noNightActions')}</li>
      ) : (
        tonight.map((action, index) => (
          <li key={`${action.step}-${action.seat}-${index}`} className={styles.item} data-testid="night-action" data-step={action.step}>
            {t(`game.cockpit.action.${action.step}`, { seat: seatName(action.seat, cards), target: seatName(action.target, cards) })}
            {action.result ? ` · ${t(`game.result.${action.result}`)}` : ''}
          </li>
        ))
      )}
    </ul>
  )
}
