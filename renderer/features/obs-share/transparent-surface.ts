import { makeStaticStyles } from '@fluentui/react-components'
import { useEffect } from 'react'

/** The attribute on <html> that turns every background behind the page off. */
const surfaceAttribute = 'data-surface'

/*
 * Streaming software composes the page over its scene, so everything behind the table must let the
 * scene through: the page, the body (the app paints it with the theme inline, hence !important), the
 * Fluent provider and the empty layout. Scoped by the attribute, so no other route changes.
 */
const transparentRoots = ['', ' body', ' #root', ' .fui-FluentProvider', ' [data-layout="empty"]'].map((part) => `html[${surfaceAttribute}="transparent"]${part}`).join(', ')
const useTransparentRules = makeStaticStyles({
  [transparentRoots]: { backgroundColor: 'transparent !important', backgroundImage: 'none !important' },
})

/** Makes the whole document transparent while the calling screen is shown, and gives it back after. */
export function useTransparentSurface(): void {
  useTransparentRules()
  useEffect(() => {
    const root = document.documentElement
    root.setAttribute(surfaceAttribute, 'transparent')
    return () => root.removeAttribute(surfaceAttribute)
  }, [])
}
