// The static pages, loaded together on demand (one chunk, one entry in the route table's code).
export { AboutUsPage } from '../../features/static-pages';
export { ContactUsPage } from '../../features/static-pages';
export { DisclaimerPage } from '../../features/static-pages';
export { DmcaPage } from '../../features/static-pages';
export { PrivacyPolicyPage } from '../../features/static-pages';
export { TermsOfServicePage } from '../../features/static-pages';
