export { AboutUsPage } from './components/AboutUsPage';
export { ContactUsPage } from './components/ContactUsPage';
export { DisclaimerPage } from './components/DisclaimerPage';
export { DmcaPage } from './components/DmcaPage';
export { PrivacyPolicyPage } from './components/PrivacyPolicyPage';
export { TermsOfServicePage } from './components/TermsOfServicePage';
