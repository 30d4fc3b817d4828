// The account's pages, loaded together on demand (one chunk, one entry in the route table's code).
export { DeleteAccountPage } from '../../features/account';
export { ForgotPasswordPage } from '../../features/account';
export { LoginPage } from '../../features/account';
export { LogoutPage } from '../../features/account';
export { ProfileScreen } from './ProfileScreen';
export { RegisterPage } from '../../features/account';
export { ResetPasswordPage } from '../../features/account';
export { ResetPasswordSuccessfulPage } from '../../features/account';
export { VerifyEmailPage } from '../../features/account';
export { DigestUnsubscribePage } from '../../features/digests';
