// Screens of the auth feature, used by the route table.
export { SignInScreen, ConfirmScreen, ResetScreen, SignUpScreen } from './screens'
