import { Caption1, Link, makeStyles, Subtitle2, tokens, typographyStyles } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { advertDate, advertPrice, advertUrl, loadAdverts, noAdverts, type Adverts, type TournamentAdvert } from './adverts'

const useStyles = makeStyles({
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBlockStart: tokens.spacingVerticalL,
    paddingBlockStart: tokens.spacingVerticalM,
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  heading: { margin: 0, ...typographyStyles.subtitle2 },
  thumbnail: { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    color: 'inherit',
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  image: { display: 'block', width: '100%', maxHeight: '160px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  name: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground2 },
})

function TournamentCard({ advert }: { advert: TournamentAdvert }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const price = advertPrice(advert.price, advert.currency, i18n.language)
  const date = advertDate(advert.startDate, i18n.language)
  return (
    <Link
      className={styles.card}
      href={advertUrl(advert.registrationLink) ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('advertising.register', { name: advert.name })}
      data-testid="advert-tournament"
    >
      <img className={styles.image} src={advertUrl(advert.imageUrl) ?? undefined} alt="" loading="lazy" />
      <span className={styles.name}>{advert.name}</span>
      {price ? <Caption1 className={styles.meta}>{'free' in price ? t('advertising.free') : price.text}</Caption1> : null}
      {date ? <Caption1 className={styles.meta}>{t('advertising.starts', { date })}</Caption1> : null}
    </Link>
  )
}

/**
 * The drawer's advertising column: stream adverts (a thumbnail linking to the video) and tournament
 * adverts (image, name, price, start date, linking to the registration). With no advert it draws
 * nothing at all.
 */
export function AdvertisingColumn() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [adverts, setAdverts] = useState<Adverts>(noAdverts)
  useEffect(() => {
    let live = true
    void loadAdverts().then((loaded) => {
      if (live) setAdverts(loaded)
    })
    return () => {
      live = false
    }
  }, [])
  if (adverts.streams.length === 0 && adverts.tournaments.length === 0) return null
  return (
    <section className={styles.column} aria-label={t('advertising.label')} data-testid="advertising-column">
      {adverts.streams.length > 0 ? (
        <>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('advertising.streams')}
          </Subtitle2>
          <ul className={styles.group}>
            {adverts.streams.map((advert) => (
              <li key={advert.id}>
                <a href={advertUrl(advert.videoUrl) ?? undefined} target="_blank" rel="noopener noreferrer" data-testid="advert-stream">
                  <img className={styles.thumbnail} src={advertUrl(advert.thumbnailUrl) ?? undefined} alt={t('advertising.watch')} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {adverts.tournaments.length > 0 ? (
        <>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('advertising.tournaments')}
          </Subtitle2>
          <ul className={styles.group}>
            {adverts.tournaments.map((advert) => (
              <li key={advert.id}>
                <TournamentCard advert={advert} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
