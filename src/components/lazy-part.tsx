// A part of the app fetched the first time it is shown, from its own chunk, so the first view
// does not wait for code a planner may never use (drawing, the area panel, mobile coverage).
// While the chunk loads a status line says so; if it fails to load (the network dropped, or a
// new release replaced the files), a message says so with Retry, which fetches it again.
// `preload` fetches it earlier, when the planner heads for the control that shows it, so the
// code is there (or on its way) by the time it is shown.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import './lazy-part.css';

/** A chunk that did not load, told apart from an error the part itself throws. */
class ChunkLoadError extends Error {}

interface BoundaryProps {
  what: string;
  compact: boolean;
  onRetry: () => void;
  children: ReactNode;
}

class ChunkBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // The part's own failures are the panel's error boundary's to show.
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div
        className={`lazy-part lazy-part--failed${this.props.compact ? ' lazy-part--compact' : ''}`}
        role="alert"
      >
        <p className="lazy-part__message">
          {this.props.what[0]!.toUpperCase() + this.props.what.slice(1)} did not load. Check the
          connection and try again.
        </p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

export type LazyPart<P> = ComponentType<P> & { preload: () => void };

/**
 * `what` names the part in its loading and failure messages ("the drawing tools"); `compact`
 * for a part drawn over the map rather than in a panel.
 */
export function lazyPart<P extends object>(
  what: string,
  load: () => Promise<ComponentType<P>>,
  { compact = false } = {},
): LazyPart<P> {
  // One fetch, whether it was started by preload or by the first render; a failed one is
  // forgotten, so Retry (or the next preload) fetches again.
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
  const make = () =>
    lazy(() =>
      fetchOnce().then(
        (part) => ({ default: part }),
        (err: unknown) => {
          throw new ChunkLoadError(`${what} did not load: ${String(err)}`);
        },
      ),
    );
  let Part = make();
  function LazyPart(props: P) {
    // Bumped by Retry, so the new lazy component (a new import) renders.
    const [, setAttempt] = useState(0);
    const retry = () => {
      Part = make();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary what={what} compact={compact} onRetry={retry}>
        <Suspense
          fallback={
            <p className={`lazy-part${compact ? ' lazy-part--compact' : ''}`} role="status">
              Loading {what}…
            </p>
          }
        >
          <Part {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return Object.assign(LazyPart, {
    // A failed early fetch is not an error yet: the part shows it once it is rendered.
    preload: () => void fetchOnce().catch(() => undefined),
  });
}
