import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { isRemoteLoadError } from './RemoteLoadError';

interface Props {
  /** What the section is called in the message ('Messenger', 'Vellums'...). */
  label: string;
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Rendering layer: whatever a section throws (a load error, a time-out, a crash inside a remote) stays inside
 * the page, with a Retry button; the top bar, side panel and other routes keep working.
 */
export class LoadErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.label} section failed`, error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const loadFailed = isRemoteLoadError(error);
    return (
      <div className="container py-4" data-testid="section-error">
        <div className="alert alert-danger" role="alert">
          <h1 className="alert-heading h4">
            {loadFailed ? `${this.props.label} could not be loaded.` : `${this.props.label} stopped working.`}
          </h1>
          <p className="mb-3">
            {loadFailed
              ? 'This part of Vellum is not available right now. The rest of Vellum keeps working; try again in a moment.'
              : 'Something went wrong while showing this part of Vellum. The rest of Vellum keeps working.'}
          </p>
          <Button variant="danger" onClick={this.retry}>
            Retry
          </Button>
        </div>
      </div>
    );
  }
}
