import { Body1, Button, Caption1, Card, makeStyles, SearchBox, Subtitle2, tokens } from '@fluentui/react-components'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { statisticsLimits, statisticsRoutes, type HeadToHead as HeadToHeadAnswer, type PlayerCard } from '../../../server/contract/http/statistics'
import { call } from '../../api/client'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { TextMessageBar } from '../../components/TextMessageBar'
import { UserAvatar } from '../../components/UserAvatar'

/** How long typing pauses before a search is sent. */
export const playerSearchDelayMs = 300

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  search: { maxWidth: '420px' },
  matches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyle: 'none', margin: 0, padding: 0 },
  cards: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
})

/**
 * Head-to-head of the page's player against a chosen one: games on the same side (won together) and
 * against each other (each one's wins). The other player is found by a search sent once typing pauses.
 */
export function HeadToHead({ player, initialOther }: { player: PlayerCard; initialOther: PlayerCard | null }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const searchId = useId()
  const [typed, setTyped] = useState('')
  const [matches, setMatches] = useState<{ search: string; items: PlayerCard[] } | null>(null)
  const [other, setOther] = useState<PlayerCard | null>(initialOther)
  const [answer, setAnswer] = useState<{ otherId: number; value: HeadToHeadAnswer } | null>(null)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const search = typed.trim()
    if (search === '') return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      call(statisticsRoutes.players, { query: { search }, signal: abort.signal })
        .then((result) => setMatches({ search, items: result.items.filter((card) => card.id !== player.id) }))
        .catch((failure: unknown) => {
          if (!abort.signal.aborted) setError(failure)
        })
    }, playerSearchDelayMs)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [typed, player.id])

  useEffect(() => {
    if (!other) return
    const abort = new AbortController()
    call(statisticsRoutes.versus, { params: { id: player.id, otherId: other.id }, signal: abort.signal })
      .then((value) => {
        setAnswer({ otherId: other.id, value })
        setError(null)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [player.id, other])

  // Matches of what the box holds now (an emptied box shows none).
  const current = matches && matches.search === typed.trim() ? matches : null
  const shown = answer && other && answer.otherId === other.id ? answer.value : null
  return (
    <section className={styles.section} aria-labelledby="statistics-versus" data-testid="head-to-head">
      <Subtitle2 as="h2" id="statistics-versus">
        {t('statistics.versus')}
      </Subtitle2>
      <SearchBox
        id={searchId}
        className={styles.search}
        placeholder={t('statistics.versusSearch')}
        aria-label={t('statistics.versusSearch')}
        value={typed}
        maxLength={statisticsLimits.searchMax}
        onChange={(_, data) => setTyped(data.value)}
        data-testid="versus-search"
      />
      {current && current.items.length === 0 ? <Caption1 role="status">{t('statistics.versusNoMatch', { search: current.search })}</Caption1> : null}
      {current && current.items.length > 0 ? (
        <ul className={styles.matches} aria-label={t('statistics.versusSearch')}>
          {current.items.map((card) => (
            <li key={card.id}>
              <Button
                appearance={other?.id === card.id ? 'primary' : 'secondary'}
                icon={<UserAvatar user={{ nickname: card.nickname, avatar: card.avatar, isPremium: false }} size={20} initials={false} />}
                aria-pressed={other?.id === card.id}
                onClick={() => setOther(card)}
                data-testid="versus-match"
              >
                <span dir="auto">{card.nickname}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {!other ? <Body1>{t('statistics.versusPick')}</Body1> : null}
      {other && !shown && !error ? <LoadingState /> : null}
      {shown ? (
        <div className={styles.section} data-testid="versus-result">
          <Body1>
            <RouterLink to={`/statistics/${shown.other.id}`}>
              <span dir="auto" aria-label={t('statistics.openPlayer', { nickname: shown.other.nickname })}>
                {t('statistics.versusWith', { player: shown.player.nickname, other: shown.other.nickname })}
              </span>
            </RouterLink>
          </Body1>
          <div className={styles.cards}>
            <Card data-testid="versus-together">
              <Subtitle2 as="h3">{t('statistics.together')}</Subtitle2>
              <Body1>{t('statistics.togetherLine', { games: shown.together.games, wins: shown.together.wins })}</Body1>
            </Card>
            <Card data-testid="versus-against">
              <Subtitle2 as="h3">{t('statistics.against')}</Subtitle2>
              <Body1>
                {t('statistics.againstLine', {
                  games: shown.against.games,
                  player: shown.player.nickname,
                  playerWins: shown.against.playerWins,
                  other: shown.other.nickname,
                  otherWins: shown.against.otherWins,
                })}
              </Body1>
            </Card>
          </div>
        </div>
      ) : null}
    </section>
  )
}
