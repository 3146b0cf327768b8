import { Body1, Button, Card, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, tokens } from '@fluentui/react-components'
import { Search20Regular } from '@fluentui/react-icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { cancelSearch, ladderState, resetSearch, startSearch } from '../../state/ladder'
import { tableState } from '../../state/table'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0 },
})

/** The quick game: the ladder queue seats ten waiting players at a table without a judge. */
export function LadderSearchCard() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { search } = useSnapshot(ladderState)
  const { current } = useSnapshot(tableState)

  useEffect(() => {
    if (search.status === 'seated' && current) {
      resetSearch()
      navigate(`/mafia/${current.id}`)
    }
  }, [search.status, current, navigate])

  return (
    <Card className={styles.card} data-testid="ladder-search">
      <Subtitle2 as="h3" className={styles.title}>
        {t('lobby.search.title')}
      </Subtitle2>
      <Body1>{t('lobby.search.hint')}</Body1>
      <div className={styles.row} aria-live="polite">
        {search.status === 'searching' ? (
          <>
            <Spinner size="tiny" />
            <Body1 data-testid="ladder-waiting">{search.needed > 0 ? t('lobby.search.waiting', { waiting: search.waiting, needed: search.needed }) : t('lobby.search.starting')}</Body1>
            <Button onClick={() => void cancelSearch()} data-testid="ladder-cancel">
              {t('lobby.search.cancel')}
            </Button>
          </>
        ) : (
          <Button appearance="primary" icon={<Search20Regular />} onClick={() => void startSearch()} data-testid="ladder-start">
            {t('lobby.search.start')}
          </Button>
        )}
      </div>
      {search.error ? (
        <MessageBar intent="error" role="alert" data-testid="ladder-error">
          <MessageBarBody>{t(search.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </Card>
  )
}
