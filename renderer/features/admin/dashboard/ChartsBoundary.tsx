import { Component, type ReactNode } from 'react'

/**
 * Keeps the rest of the dashboard usable when the charts cannot be drawn (their chunk failed to
 * load, say, after a new version was deployed): the switches and the recompute stay reachable.
 */
export class ChartsBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
