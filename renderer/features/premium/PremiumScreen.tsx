import { Badge, Button, Card, Dropdown, Field, makeStyles, Option, Radio, RadioGroup, Spinner, Text, tokens } from '@fluentui/react-components'
import { Gift20Regular, Premium20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buyRoutes, type PremiumCatalogue } from '../../../server/contract/http/buy'
import type { Friend } from '../../../server/contract/socket/friends'
import { call } from '../../api/client'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { request } from '../../realtime/requests'
import { formatDate, formatPrice } from './premium-format'

const useStyles = makeStyles({
  products: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL },
  product: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
})

/**
 * /premium: the products in the reader's currency, for oneself or as a gift to a friend, and the
 * processor (card, wallet, or the sandbox in test mode); buying opens the processor's page.
 */
export function PremiumScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [catalogue, setCatalogue] = useState<PremiumCatalogue | null>(null)
  const [friends, setFriends] = useState<Friend[] | null>(null)
  const [productId, setProductId] = useState<string | null>(null)
  const [forWhom, setForWhom] = useState<'me' | 'gift'>('me')
  const [recipient, setRecipient] = useState<number | null>(null)
  const [processorId, setProcessorId] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const abort = new AbortController()
    call(buyRoutes.premiums, { signal: abort.signal })
      .then((answer) => {
        setCatalogue(answer)
        setProductId(answer.items[0]?.id ?? null)
        setProcessorId(answer.items[0]?.processors[0] ?? null)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [])

  useEffect(() => {
    if (forWhom !== 'gift' || friends !== null) return
    request('friends:list')
      .then((answer) => setFriends(answer.items))
      .catch((failure: unknown) => {
        setFriends([])
        setError(failure)
      })
  }, [forWhom, friends])

  const product = catalogue?.items.find((item) => item.id === productId)
  const canBuy = product !== undefined && processorId !== null && (forWhom === 'me' || recipient !== null) && !busy

  const buy = async () => {
    if (!product || !processorId) return
    setBusy(true)
    setError(null)
    try {
      const started = await call(buyRoutes.buy, { body: { productId: product.id, processorId, recipientUserId: forWhom === 'gift' ? recipient : null } })
      window.location.assign(started.redirectUrl)
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }

  return (
    <Screen title={t('premium.title')}>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {catalogue === null && !error ? <Spinner label={t('premium.loading')} /> : null}
      {catalogue ? (
        <div className={styles.form}>
          <Text data-testid="premium-until">{catalogue.premiumUntil && new Date(catalogue.premiumUntil) > new Date() ? t('premium.until', { date: formatDate(catalogue.premiumUntil, i18n.language) }) : t('premium.none')}</Text>
          <Text>{t('premium.intro')}</Text>
          {catalogue.testMode ? (
            <TextMessageBar intent="warning">
              <span data-testid="premium-test-mode">{t('premium.testMode')}</span>
            </TextMessageBar>
          ) : null}
          {catalogue.items.length === 0 ? (
            <EmptyState icon={<Premium20Regular />} title={t('premium.empty')} />
          ) : (
            <>
              <RadioGroup aria-label={t('premium.title')} value={productId ?? ''} onChange={(_, data) => setProductId(data.value)} className={styles.products} data-testid="premium-products">
                {catalogue.items.map((item) => (
                  <Card key={item.id} className={styles.product}>
                    <Radio value={item.id} label={t(item.nameKey)} data-testid={`product-${item.id}`} />
                    <Text weight="semibold">{formatPrice(item.price.amount, item.price.currency, i18n.language)}</Text>
                    <Text size={200}>{t('premium.days', { count: item.days })}</Text>
                  </Card>
                ))}
              </RadioGroup>
              <Field label={t('premium.forWhom')}>
                <RadioGroup layout="horizontal" value={forWhom} onChange={(_, data) => setForWhom(data.value === 'gift' ? 'gift' : 'me')}>
                  <Radio value="me" label={t('premium.forMe')} data-testid="for-me" />
                  <Radio value="gift" label={t('premium.asGift')} data-testid="as-gift" />
                </RadioGroup>
              </Field>
              {forWhom === 'gift' ? (
                friends === null ? (
                  <Spinner size="tiny" />
                ) : friends.length === 0 ? (
                  <EmptyState icon={<Gift20Regular />} title={t('premium.noFriends')} />
                ) : (
                  <Field label={t('premium.friend')}>
                    <Dropdown
                      placeholder={t('premium.pickFriend')}
                      data-testid="gift-friend"
                      selectedOptions={recipient === null ? [] : [String(recipient)]}
                      value={friends.find((friend) => friend.id === recipient)?.nickname ?? ''}
                      onOptionSelect={(_, data) => setRecipient(data.optionValue ? Number(data.optionValue) : null)}
                    >
                      {friends.map((friend) => (
                        <Option key={friend.id} value={String(friend.id)}>
                          {friend.nickname}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                )
              ) : null}
              {product ? (
                <Field label={t('premium.processor')}>
                  <RadioGroup layout="horizontal" value={processorId ?? ''} onChange={(_, data) => setProcessorId(data.value)}>
                    {product.processors.map((id) => (
                      <Radio
                        key={id}
                        value={id}
                        data-testid={`processor-${id}`}
                        label={
                          <>
                            {t(`premium.processors.${id}`)}{' '}
                            {catalogue.processors.find((processor) => processor.id === id)?.testMode ? <Badge appearance="tint" color="warning">{t('premium.sandbox.testMode')}</Badge> : null}
                          </>
                        }
                      />
                    ))}
                  </RadioGroup>
                </Field>
              ) : null}
              <div>
                <Button appearance="primary" icon={<Premium20Regular />} disabled={!canBuy} onClick={() => void buy()} data-testid="premium-buy">
                  {busy ? t('premium.buying') : product ? t('premium.buy', { price: formatPrice(product.price.amount, product.price.currency, i18n.language) }) : t('premium.title')}
                </Button>
              </div>
            </>
          )}
          <div className={styles.links}>
            <Link to="/transactions">{t('premium.myTransactions')}</Link>
            <Link to="/free_premium">{t('premium.freePremium')}</Link>
          </div>
        </div>
      ) : null}
    </Screen>
  )
}
