// Signed in, the areas are the planner's on the app server: the one-time offer to upload this
// browser's areas, the message when a save replaced a version made elsewhere, each area's Share
// switch, and colleagues' shared areas, read-only with their owner's name.
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../../state/store';
import './team-areas.css';

const plural = (n: number) => `${n} area${n === 1 ? '' : 's'}`;

export function UploadOffer() {
  const { offer, answer } = useAppStore(
    useShallow((s) => ({ offer: s.uploadOffer, answer: s.answerUploadOffer })),
  );
  if (!offer || offer.length === 0) return null;
  return (
    <section className="team-notice" aria-labelledby="upload-offer-title">
      <p id="upload-offer-title" className="team-notice__text">
        This browser holds {plural(offer.length)} drawn before you signed in. Upload them to your
        account to see them in every browser you sign in from?
      </p>
      <div className="team-notice__actions">
        <button type="button" className="button" onClick={() => answer(true)}>
          Upload {plural(offer.length)} from this browser
        </button>
        <button type="button" className="button button--ghost" onClick={() => answer(false)}>
          Keep them in this browser only
        </button>
      </div>
    </section>
  );
}

export function AreaConflict() {
  const { conflict, settle } = useAppStore(
    useShallow((s) => ({ conflict: s.areaConflict, settle: s.settleConflict })),
  );
  if (!conflict) return null;
  const at = new Date(conflict.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="team-notice team-notice--warn" aria-labelledby="area-conflict-title">
      <p id="area-conflict-title" className="team-notice__text" role="alert">
        “{conflict.mine}” was also changed in another tab or browser at {at} (named “
        {conflict.theirs.name}” there). Your version is the one saved now. Keep the other version as
        a copy if you still need it.
      </p>
      <div className="team-notice__actions">
        <button type="button" className="button" onClick={() => settle(true)}>
          Keep the other version as a copy
        </button>
        <button type="button" className="button button--ghost" onClick={() => settle(false)}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

export function ShareSwitch({ id, name }: { id: string; name: string }) {
  const { shared, setShared } = useAppStore(
    useShallow((s) => ({
      shared: s.serverAreas ? (s.serverAreas.shared[id] ?? false) : null,
      setShared: s.setAreaShared,
    })),
  );
  if (shared === null) return null;
  return (
    <label className="share-switch">
      <input
        type="checkbox"
        role="switch"
        checked={shared}
        aria-label={`Share ${name} with the team`}
        onChange={(event) => setShared(id, event.target.checked)}
      />
      Share
    </label>
  );
}

export function ColleagueAreas() {
  const { colleagues, copy } = useAppStore(
    useShallow((s) => ({ colleagues: s.colleagueAreas, copy: s.copyColleagueArea })),
  );
  if (colleagues.length === 0) return null;
  return (
    <section className="colleague-areas" aria-labelledby="colleague-areas-title">
      <h4 id="colleague-areas-title" className="colleague-areas__title">
        Shared by colleagues
      </h4>
      <ul className="area-list" aria-label="Areas shared by colleagues">
        {colleagues.map(({ area, owner }) => (
          <li key={area.id} className="area-list__item">
            <span className="area-list__name colleague-areas__name">{area.name}</span>
            <span className="area-list__source">by {owner}, read-only</span>
            <button
              type="button"
              className="button button--ghost"
              aria-label={`Copy ${area.name} by ${owner} to my areas`}
              onClick={() => copy(area.id)}
            >
              Copy to my areas
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
