import { useCapabilities } from '../queries/use-capabilities';

// What the panel says before anything is selected: the three ways in, and whose data it is.
export function IntroPanel() {
  const { stamp } = useCapabilities();
  return (
    <div className="intro-panel">
      <p className="intro-panel__lead">
        Find a fabric location and read who serves it, how fast, and since when.
      </p>
      <ul className="intro-panel__list">
        <li>
          <strong>Click the map</strong> to locate the nearest fabric location.
        </li>
        <li>
          <strong>Search an address</strong> (press <kbd>/</kbd>) to jump to a location.
        </li>
        <li>
          Turn on <strong>Mobile coverage</strong> in Layers to read hexagons.
        </li>
        <li>
          Switch to <strong>Draw area</strong> to summarize everything inside a boundary.
        </li>
      </ul>
      <p className="intro-panel__note">
        <kbd>Esc</kbd> clears the selection. On the focused map, arrow keys pan and <kbd>Enter</kbd>{' '}
        inspects its centre.
      </p>
      {stamp && (
        <p className="intro-panel__note" data-testid="intro:source">
          Data: {stamp}.
        </p>
      )}
    </div>
  );
}
