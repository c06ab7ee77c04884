// A 401 `unauthenticated` from the app server means the session ended (signed out elsewhere,
// expired, or the server restarted): the planner goes to the sign-in page, which says so and
// brings them back to the same view afterwards.
let leaving = false;

/** `navigate` is the browser's by default; tests watch where it would go. */
export function goToSignIn(navigate = (url: string) => window.location.assign(url)): void {
  if (typeof window === 'undefined' || leaving) return;
  leaving = true;
  const back = window.location.pathname + window.location.search + window.location.hash;
  navigate(`/sign-in?ended=expired&next=${encodeURIComponent(back)}`);
}
