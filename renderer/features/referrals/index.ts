export { ReferralScreen } from './ReferralScreen'
