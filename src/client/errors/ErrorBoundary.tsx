import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Catches render errors anywhere below it and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; onReload?: () => void }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering error caught by ErrorBoundary:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-screen" role="alert">
        <h1>Something went wrong.</h1>
        <button type="button" className="primary-button" onClick={this.props.onReload ?? (() => window.location.reload())}>
          Reload Page
        </button>
      </main>
    );
  }
}
