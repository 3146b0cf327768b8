import { Badge, Body1, Button, Caption1, Card, Field, Input, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { Checkmark20Regular, ChevronLeft20Regular, ChevronRight20Regular, Copy20Regular, PersonAdd20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { referralRules, referralsRoutes, type ReferralOverview, type ReferredPlayer } from '../../../server/contract/http/referrals'
import { call } from '../../api/client'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { UserAvatar } from '../../components/UserAvatar'

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '240px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  earned: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  player: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  busy: { opacity: 0.6 },
})

function Reward({ player }: { player: ReferredPlayer }) {
  const { t } = useTranslation()
  if (!player.reward) return <Caption1>{t('referrals.rewardNone')}</Caption1>
  return player.reward.status === 'granted' ? (
    <Badge appearance="tint" color="success">
      {t('referrals.rewardGranted', { count: player.reward.days })}
    </Badge>
  ) : (
    <Badge appearance="tint" color="warning">
      {t('referrals.rewardPending', { count: player.reward.days })}
    </Badge>
  )
}

/** /referral: the user's invitation link with a copy button, the players who joined through it, and the premium days they earned. */
export function ReferralScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [answer, setAnswer] = useState<{ page: number; overview: ReferralOverview | null; error: unknown }>({ page: 0, overview: null, error: null })
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const perPage = referralRules.itemsPerPageDefault

  useEffect(() => {
    const abort = new AbortController()
    call(referralsRoutes.overview, { query: { page, itemsPerPage: perPage }, signal: abort.signal })
      .then((overview) => setAnswer({ page, overview, error: null }))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ page, overview: last.overview, error: failure }))
      })
    return () => abort.abort()
  }, [page, perPage])

  const overview = answer.overview
  const loading = answer.page !== page
  const link = overview ? `${location.origin}/signup/${encodeURIComponent(overview.token)}` : ''
  const pages = overview ? Math.max(1, Math.ceil(overview.total / perPage)) : 1
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <Screen title={t('screens.referral.title')}>
      {answer.error ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {!overview && !answer.error ? <LoadingState /> : null}
      {overview ? (
        <>
          <Body1>{t('referrals.intro', { games: overview.gamesForReward, days: overview.rewardDays })}</Body1>
          <div className={styles.row}>
            <Field className={styles.field} label={t('referrals.link')}>
              <Input value={link} readOnly dir="ltr" onFocus={(event) => event.currentTarget.select()} data-testid="referral-link" />
            </Field>
            <Button icon={copied === 'yes' ? <Checkmark20Regular /> : <Copy20Regular />} onClick={() => void copy()} data-testid="referral-copy">
              {copied === 'yes' ? t('referrals.copied') : t('referrals.copy')}
            </Button>
          </div>
          {copied === 'failed' ? <TextMessageBar intent="warning">{t('referrals.copyFailed')}</TextMessageBar> : null}
          <Card className={styles.earned} data-testid="referral-earned">
            <Subtitle2 as="h2">{t('referrals.earned')}</Subtitle2>
            <Body1>{t('referrals.granted', { count: overview.earned.grantedDays })}</Body1>
            <Body1>{t('referrals.pending', { count: overview.earned.pendingDays })}</Body1>
            {overview.earned.pendingDays > 0 ? <Caption1>{t('referrals.pendingHint')}</Caption1> : null}
          </Card>
          <section className={styles.section} aria-labelledby="referrals-joined">
            <Subtitle2 as="h2" id="referrals-joined">
              {t('referrals.joined')}
            </Subtitle2>
            {overview.total === 0 ? (
              <EmptyState icon={<PersonAdd20Regular />} title={t('referrals.empty')} hint={t('referrals.emptyHint')} />
            ) : (
              <>
                <Caption1 role="status">{t('referrals.total', { total: overview.total })}</Caption1>
                <Table aria-labelledby="referrals-joined" aria-busy={loading} className={loading ? styles.busy : undefined} data-testid="referral-players">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('referrals.player')}</TableHeaderCell>
                      <TableHeaderCell>{t('referrals.joinedAt')}</TableHeaderCell>
                      <TableHeaderCell className={styles.number}>{t('referrals.games')}</TableHeaderCell>
                      <TableHeaderCell>{t('referrals.reward')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {overview.items.map((player) => (
                      <TableRow key={player.id} data-testid="referral-player">
                        <TableCell>
                          <span className={styles.player}>
                            <UserAvatar user={{ nickname: player.nickname, avatar: player.avatar, isPremium: false }} size={24} initials={false} />
                            <RouterLink to={`/statistics/${player.id}`}>
                              <span dir="auto">{player.nickname}</span>
                            </RouterLink>
                            {player.confirmed ? null : <Caption1>({t('referrals.unconfirmed')})</Caption1>}
                          </span>
                        </TableCell>
                        <TableCell>{date.format(new Date(player.joinedAt))}</TableCell>
                        <TableCell className={styles.number}>{t('referrals.gamesOf', { games: player.games, needed: overview.gamesForReward })}</TableCell>
                        <TableCell>
                          <Reward player={player} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {pages > 1 ? (
                  <nav className={styles.pager} aria-label={t('referrals.joined')}>
                    <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
                      {t('referrals.previous')}
                    </Button>
                    <Body1 aria-live="polite">{t('referrals.page', { page, pages })}</Body1>
                    <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
                      {t('referrals.next')}
                    </Button>
                  </nav>
                ) : null}
              </>
            )}
          </section>
        </>
      ) : null}
    </Screen>
  )
}
