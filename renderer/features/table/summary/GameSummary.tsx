import {
  Badge,
  Body1,
  Caption1,
  Card,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameView, SeatResult, Team } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { RoleIcon } from '../../../components/role-icons'
import { RouterLink } from '../../../components/RouterLink'
import { seatName } from '../announcements/announcement-of'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, overflowX: 'auto' },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  title: { margin: 0 },
  role: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  team: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0, border: `1px solid ${tokens.colorNeutralStroke1}` },
  red: { backgroundColor: tokens.colorPaletteRedBackground3 },
  black: { backgroundColor: tokens.colorNeutralForeground1Static },
  maniac: { backgroundColor: tokens.colorPalettePurpleBackground2 },
  points: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  breakdown: { display: 'block', color: tokens.colorNeutralForeground3 },
})

/** Points as "+0.4", "−0.5", "0": signed, at most two decimals, in the viewer's language. */
function formatPoints(language: string, points: number): string {
  return new Intl.NumberFormat(language, { signDisplay: 'exceptZero', maximumFractionDigits: 2 }).format(points)
}

function TeamMark({ team }: { team: Team }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <span className={styles.team}>
      <span className={mergeClasses(styles.dot, styles[team])} aria-hidden />
      {t(`game.team.${team}`)}
    </span>
  )
}

/**
 * The end of the game (`game-summary`): the winner and why, every seat with its role, team colour
 * and points with their breakdown (`summary-seat-{n}`), the best move (`summary-best-move`), and
 * the game's record (`summary-record`). Drawn from `view.result`, which the server fills at the end.
 */
export function GameSummary({ lobby, view }: { lobby: Lobby; view: GameView }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const result = view.result
  if (!result) return null
  const cards = lobby.lobby.players
  const points = (value: number) => formatPoints(i18n.language, value)
  const breakdown = (seat: SeatResult) =>
    (['win', 'bestMove', 'removal', 'extra'] as const)
      .filter((part) => seat.breakdown[part] !== 0)
      .map((part) => t(`game.summary.part.${part}`, { points: points(seat.breakdown[part]) }))
      .join(' · ')
  const blackSeats = new Set(result.seats.filter((seat) => seat.team === 'black').map((seat) => seat.seat))
  return (
    <Card className={styles.root} data-testid="game-summary" role="region" aria-label={t('game.summary.title')}>
      <div className={styles.head}>
        <Subtitle2 as="h2" className={styles.title} data-testid="summary-winner">
          {t(`game.outcome.${result.outcome}`)}
        </Subtitle2>
        <Body1>{t(`game.reason.${result.reason}`)}</Body1>
        <RouterLink to={`/game/statistics/${lobby.id}`} data-testid="summary-record">
          {t('game.summary.record')}
        </RouterLink>
      </div>
      {!result.finalised ? <Caption1>{t('game.summary.notFinal')}</Caption1> : null}
      <Table size="small" aria-label={t('game.summary.seats')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('game.summary.player')}</TableHeaderCell>
            <TableHeaderCell>{t('game.summary.role')}</TableHeaderCell>
            <TableHeaderCell>{t('game.summary.team')}</TableHeaderCell>
            <TableHeaderCell>{t('game.summary.points')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.seats.map((seat) => (
            <TableRow key={seat.seat} data-testid={`summary-seat-${seat.seat}`} data-team={seat.team} data-won={seat.won || undefined}>
              <TableCell>
                {seatName(seat.seat, cards)} {seat.won ? <Badge appearance="tint" color="success" size="small">{t('game.summary.won')}</Badge> : null}
              </TableCell>
              <TableCell>
                <span className={styles.role}>
                  <RoleIcon role={seat.role} size={18} />
                  {t(`roles.${seat.role}`)}
                </span>
              </TableCell>
              <TableCell>
                <TeamMark team={seat.team} />
              </TableCell>
              <TableCell className={styles.points}>
                <span data-testid={`summary-points-${seat.seat}`}>{points(seat.points)}</span>
                {breakdown(seat) ? <Caption1 className={styles.breakdown}>{breakdown(seat)}</Caption1> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {view.bestMoves.length > 0 ? (
        view.bestMoves.map((move) => (
          <Body1 key={move.seat} data-testid="summary-best-move">
            {move.targets.length > 0
              ? t('game.summary.bestMove', {
                  seat: seatName(move.seat, cards),
                  seats: move.targets.map((target) => `#${target}`).join(', '),
                  black: move.targets.filter((target) => blackSeats.has(target)).length,
                })
              : t('game.summary.bestMoveNone', { seat: seatName(move.seat, cards) })}
          </Body1>
        ))
      ) : (
        <Body1 data-testid="summary-best-move">{t('game.summary.noBestMove')}</Body1>
      )}
    </Card>
  )
}
