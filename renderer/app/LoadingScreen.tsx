import { LoadingState } from '../components/LoadingState'

/** The whole window while the first screen's user, texts and access are settled. */
export function LoadingScreen() {
  return <LoadingState fullScreen />
}
