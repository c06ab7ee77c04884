import { useCapabilities } from '../queries/use-capabilities';

// What the panel says before anything is selected: what the map shows, the ways in, and whose
// data it is. Every sentence names something the app does (a browser test reads it).
export function IntroPanel() {
  const { stamp } = useCapabilities();
  return (
    <div className="intro-panel">
      <p className="intro-panel__lead">
        See where broadband reaches under BEAD: every fabric location shaded served, underserved or
        unserved, and the share unserved by hexagon.
      </p>
      <ul className="intro-panel__list">
        <li>
          <strong>Click the map</strong> to zoom in, then click a location to read its address, BEAD
          status, providers, speeds and history across releases.
        </li>
        <li>
          <strong>Search an address</strong> (press <kbd>/</kbd>) to jump to a location.
        </li>
        <li>
          <strong>Filters</strong> set what counts as served: speed, technology, audience and
          latency (the BEAD rule by default).
        </li>
        <li>
          <strong>Compare releases</strong> shows where service changed between two releases.
        </li>
        <li>
          <strong>Draw area</strong> (or pick a county) for a report, a summary and a location list
          of everything inside it.
        </li>
        <li>
          Turn on <strong>Mobile coverage</strong> in Layers to read hexagons.
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
