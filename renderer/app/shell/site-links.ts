/**
 * The club's outside links, set at build time (Vite env): VITE_SUPPORT_URL (a page or a mailto:
 * address) and VITE_SOCIAL_<NAME> (TELEGRAM, YOUTUBE, INSTAGRAM, FACEBOOK, DISCORD, TIKTOK).
 * Unset links are simply not shown: the footer never points anywhere made up.
 */
export const socialNetworks = ['telegram', 'youtube', 'instagram', 'facebook', 'discord', 'tiktok'] as const
export type SocialNetwork = (typeof socialNetworks)[number]

type Environment = Record<string, string | boolean | undefined>

function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return /^(https:\/\/|mailto:)/.test(trimmed) ? trimmed : null
}

export function readSiteLinks(environment: Environment) {
  return {
    support: safeLink(environment.VITE_SUPPORT_URL),
    social: socialNetworks
      .map((network) => ({ network, url: safeLink(environment[`VITE_SOCIAL_${network.toUpperCase()}`]) }))
      .filter((link): link is { network: SocialNetwork; url: string } => link.url !== null),
  }
}

export const siteLinks = readSiteLinks(import.meta.env as Environment)
