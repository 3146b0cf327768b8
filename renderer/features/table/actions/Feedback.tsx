import { Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Checkmark16Filled, ErrorCircle16Regular, Info16Regular, Timer16Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { seatName, seatNicknames } from '../seats/seat-name'
import { mayAct, partnerPicks, ruleHint, seatFeedback } from './feedback'

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXXS },
  line: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  done: { color: tokens.colorPaletteGreenForeground1 },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  list: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyle: 'none' },
})

/** The moment of the game the viewer acts in (a phase, a speaker, a night step). */
const momentOf = (view: GameView) => `${view.phase}:${view.day}:${view.night}:${view.speaker ?? ''}:${view.nightStep ?? ''}`

/**
 * Whether the viewer's own time ran out: the view says time is up in a moment where this viewer
 * had something to do (the actions vanish with the time, so the moment is remembered).
 */
function useTimeUp(view: GameView): boolean {
  const [acting, setActing] = useState<string | null>(null)
  const moment = momentOf(view)
  const own = view.you?.seat ?? null
  if ((mayAct(view) || (own !== null && view.speaker === own)) && acting !== moment) setActing(moment)
  return view.timeUp && acting === moment
}

/** The answer to the viewer's own actions, the black partners' picks, a time-up notice and rule hints. */
export function Feedback({ lobby, view }: { lobby: Lobby; view: GameView }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const names = seatNicknames(lobby)
  const name = (seat: number) => seatName(t, seat, names.get(seat))
  const feedback = seatFeedback(view)
  const partners = partnerPicks(view)
  const hint = ruleHint(view)
  const timeUp = useTimeUp(view)
  if (!feedback && !partners && !hint && !timeUp) return null
  const feedbackText = feedback
    ? t(feedback.key, {
        ...feedback.values,
        ...(feedback.values?.result ? { result: t(String(feedback.values.result)) } : {}),
        seat: feedback.seat !== undefined ? name(feedback.seat) : undefined,
        seats: feedback.seats?.map(name).join(', '),
      })
    : null
  return (
    <div className={styles.root}>
      {feedbackText ? (
        <Caption1 className={mergeClasses(styles.line, styles.done)} data-testid="seat-feedback">
          <Checkmark16Filled aria-hidden />
          {feedbackText}
        </Caption1>
      ) : null}
      {partners ? (
        <div className={styles.line} data-testid="partner-picks" data-agree={partners.agree}>
          <Caption1>{t('game.screen.partners.title')}</Caption1>
          <ul className={styles.list}>
            {partners.picks.map((pick) => (
              <li key={pick.seat} data-testid="partner-pick" data-target={pick.target ?? undefined}>
                <Caption1>{pick.target === null ? t('game.screen.partners.none', { seat: name(pick.seat) }) : t('game.screen.partners.pick', { seat: name(pick.seat), target: name(pick.target) })}</Caption1>
              </li>
            ))}
          </ul>
          <Caption1 className={partners.agree ? styles.done : styles.warn}>{partners.agree ? t('game.screen.partners.agree') : t('game.screen.partners.differ')}</Caption1>
        </div>
      ) : null}
      {timeUp ? (
        <Caption1 className={mergeClasses(styles.line, styles.warn)} data-testid="notice-time-up">
          <Timer16Regular aria-hidden />
          {t('game.screen.timeUp')}
        </Caption1>
      ) : null}
      {hint ? (
        <Caption1 className={styles.line} data-testid="rule-hint">
          <Info16Regular aria-hidden />
          {t(hint.key)}
        </Caption1>
      ) : null}
    </div>
  )
}

/** A refusal of a command given in the action bar. */
export function BarError({ error }: { error: string | null }) {
  const styles = useStyles()
  if (!error) return null
  return (
    <Caption1 className={mergeClasses(styles.line, styles.warn)} role="alert" data-testid="command-error">
      <ErrorCircle16Regular aria-hidden />
      {error}
    </Caption1>
  )
}
