// The account's pages, loaded together on demand (one chunk, one entry in the route table's code).
export { DeleteAccountPage } from '../../features/account/components/DeleteAccountPage';
export { ForgotPasswordPage } from '../../features/account/components/ForgotPasswordPage';
export { LoginPage } from '../../features/account/components/LoginPage';
export { LogoutPage } from '../../features/account/components/LogoutPage';
export { ProfileScreen } from './ProfileScreen';
export { RegisterPage } from '../../features/account/components/RegisterPage';
export { ResetPasswordPage } from '../../features/account/components/ResetPasswordPage';
export { ResetPasswordSuccessfulPage } from '../../features/account/components/ResetPasswordSuccessfulPage';
export { VerifyEmailPage } from '../../features/account/components/VerifyEmailPage';
export { DigestUnsubscribePage } from '../../features/digests/components/DigestUnsubscribePage';
