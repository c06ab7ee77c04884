// Keeps one crashing panel (or map layer) from taking the whole app down. "Retry" remounts it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import './panel-error-boundary.css';

interface Props {
  /** Names the part in the log line, e.g. "Location panel". */
  name: string;
  children: ReactNode;
  /** Map layers have no room for a card; they show a small notice instead. */
  compact?: boolean;
}

interface State {
  error: Error | null;
}

export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`${this.props.name} failed`, error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        className={this.props.compact ? 'panel-error panel-error--compact' : 'panel-error'}
        role="alert"
      >
        <p className="panel-error__message">This panel hit a problem.</p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}
