// The static pages, loaded together on demand (one chunk, one entry in the route table's code).
export { AboutUsPage } from '../../features/static-pages/components/AboutUsPage';
export { ContactUsPage } from '../../features/static-pages/components/ContactUsPage';
export { DisclaimerPage } from '../../features/static-pages/components/DisclaimerPage';
export { DmcaPage } from '../../features/static-pages/components/DmcaPage';
export { PrivacyPolicyPage } from '../../features/static-pages/components/PrivacyPolicyPage';
export { TermsOfServicePage } from '../../features/static-pages/components/TermsOfServicePage';
