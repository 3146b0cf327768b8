import { Body1, Caption1, Card, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameRecord } from '../../../server/contract/socket/game'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  author: { color: tokens.colorNeutralForeground3 },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
})

/**
 * What the black players and the judge said in the mafia's room at the zero night, revealed with
 * the rest of the record once the game is over. Nothing when nobody wrote in it.
 */
export function MafiaRoomSection({ record }: { record: Pick<GameRecord, 'mafiaRoom' | 'players' | 'judge'> }) {
  const styles = useStyles()
  const { t } = useTranslation()
  if (record.mafiaRoom.length === 0) return null
  const nicknames = new Map(record.players.map((player) => [player.seat, player.card.nickname]))
  const author = (seat: number | null) =>
    seat === null ? (record.judge ? `${t('chat.mafia.judge')} · ${record.judge.nickname}` : t('chat.mafia.judge')) : t('chat.mafia.seatNamed', { seat, nickname: nicknames.get(seat) ?? '' })
  return (
    <Card className={styles.section} aria-label={t('game.record.mafiaRoom')} data-testid="record-mafia-room">
      <Subtitle2 as="h2">{t('game.record.mafiaRoom')}</Subtitle2>
      <ul className={styles.list}>
        {record.mafiaRoom.map((message, index) => (
          <li key={index} data-seat={message.seat ?? 'judge'}>
            <Caption1 className={styles.author}>{author(message.seat)}</Caption1>
            <Body1 as="p" className={styles.text} dir="auto">
              {message.text}
            </Body1>
          </li>
        ))}
      </ul>
    </Card>
  )
}
