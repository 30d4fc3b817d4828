import { Component, type ReactNode } from 'react';
import { SITE_NAME } from '../shared/config/site-config';

/**
 * Shows a short message and a way home instead of an app that failed to render, so no address ever ends in a blank
 * page. It needs nothing from the app (no router, no store), which may be what failed; the links load the site
 * afresh. React logs the error to the console.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="layout">
        <header className="header">
          <a href="/" className="brand">
            {SITE_NAME}
          </a>
        </header>
        <main className="layout-body">
          <div role="alert">
            <h1>Something went wrong</h1>
            <p>This page could not be shown.</p>
            <a href="/">Go to the home page</a>
          </div>
        </main>
      </div>
    );
  }
}
