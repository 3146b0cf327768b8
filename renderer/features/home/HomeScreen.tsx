import { Body1, Button, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components'
import { BookOpen20Regular, QuestionCircle20Regular, Trophy20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { Screen } from '../../components/Screen'
import { sessionState } from '../../state/session'
import { CreateLobbyDialog, LadderSearchCard, LobbyList } from '../lobby'

const useStyles = makeStyles({
  welcome: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
  },
  intro: { margin: 0, maxWidth: '60ch', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sectionTitle: { margin: 0 },
  sectionHead: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', justifyContent: 'space-between' },
})

/** Home (/ and /main): a welcome, the quick game search and the live list of open tables. */
export function HomeScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSnapshot(sessionState)
  return (
    <Screen title={t('home.title')}>
      <Card className={styles.welcome} appearance="filled">
        <Subtitle1 as="h2" className={styles.sectionTitle}>
          {t('home.welcome', { nickname: user?.nickname ?? '' })}
        </Subtitle1>
        <Body1 as="p" className={styles.intro}>
          {t('home.intro')}
        </Body1>
        <div className={styles.actions}>
          <Button icon={<BookOpen20Regular />} onClick={() => navigate('/rules')}>
            {t('home.links.rules')}
          </Button>
          <Button icon={<QuestionCircle20Regular />} onClick={() => navigate('/how_to_play')}>
            {t('home.links.howToPlay')}
          </Button>
          <Button icon={<Trophy20Regular />} onClick={() => navigate('/tournaments')}>
            {t('home.links.tournaments')}
          </Button>
        </div>
      </Card>
      <section className={styles.section} aria-labelledby="home-lobbies" data-testid="lobby-list">
        <div className={styles.sectionHead}>
          <Subtitle1 as="h2" id="home-lobbies" className={styles.sectionTitle}>
            {t('home.lobbies.title')}
          </Subtitle1>
          <CreateLobbyDialog />
        </div>
        <LadderSearchCard />
        <LobbyList filter={(summary) => summary.status === 'open'} emptyTitle={t('home.lobbies.empty')} emptyHint={t('lobby.list.hint')} />
      </section>
    </Screen>
  )
}
