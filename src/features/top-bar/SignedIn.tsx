import { useSession } from '../../queries/use-session';
import './signed-in.css';

/** Who is signed in, and a Sign out button when the app server keeps the session itself. */
export function SignedIn() {
  const { data } = useSession();
  if (!data?.name) return null;
  return (
    <div className="signed-in" data-testid="signed-in">
      <span className="signed-in__name" title={`Signed in as ${data.name}`}>
        {data.name}
      </span>
      {data.signOut && (
        // A plain form: signing out works even when the app's scripts are in trouble.
        <form method="post" action="/sign-out" className="signed-in__form">
          <button type="submit" className="button signed-in__out">
            Sign out
          </button>
        </form>
      )}
    </div>
  );
}
