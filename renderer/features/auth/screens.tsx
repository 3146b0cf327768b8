// Placeholder screens; replaced by the real sign-in, sign-up, confirm and reset screens.
export const SignInScreen = () => <h1>Sign in</h1>
export const SignUpScreen = () => <h1>Sign up</h1>
export const ConfirmScreen = () => <h1>Confirm</h1>
export const ResetScreen = () => <h1>Reset</h1>
