import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useOutlet, useParams } from 'react-router'
import { call } from '../../api/client'
import { ratingsRoutes, type RatingTab } from '../../../server/contract/http/ratings'
import { errorText } from '../../components/error-text'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { LadderTable } from './LadderTable'

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', paddingBlockEnd: tokens.spacingVerticalXS },
})

type Translate = (key: string, options?: Record<string, unknown>) => string

/** A ladder's name in the reader's language; a ladder not among the tabs is named by its id. */
export function ladderName(t: Translate, id: string, tabs: readonly RatingTab[]): string {
  const tab = tabs.find((item) => item.id === id)
  if (!tab) return id
  if (tab.kind === 'season') return t('ratings.tabs.season', { month: tab.season })
  if (tab.kind === 'tournament') return t('ratings.tabs.tournament', { id: tab.tournamentId })
  return t(`ratings.tabs.${tab.kind}`)
}

/** The overall ladder, shown at /ratings itself. */
const defaultLadder = 'overall'

/** /ratings: the ladders' tabs, and below them the chosen ladder (/ratings/ladder/{id}); /ratings alone shows the overall one. */
export function RatingsScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const outlet = useOutlet()
  const { id } = useParams()
  const selected = id ?? defaultLadder
  const [tabs, setTabs] = useState<RatingTab[]>([])
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const abort = new AbortController()
    call(ratingsRoutes.tabs, { signal: abort.signal })
      .then((answer) => setTabs(answer.items))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [])

  return (
    <Screen title={t('ratings.title')}>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {tabs.length > 0 ? (
        <TabList
          className={styles.tabs}
          aria-label={t('ratings.tabsLabel')}
          selectedValue={selected}
          onTabSelect={(_, data) => navigate(`/ratings/ladder/${encodeURIComponent(String(data.value))}`)}
          data-testid="ladder-tabs"
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id}>
              {ladderName(t, tab.id, tabs)}
            </Tab>
          ))}
        </TabList>
      ) : null}
      {outlet ?? <LadderTable key={defaultLadder} ladderId={defaultLadder} title={ladderName(t, defaultLadder, tabs)} />}
    </Screen>
  )
}
