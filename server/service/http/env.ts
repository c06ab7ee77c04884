// Per-request values the middleware hands on to later middleware.
export interface ServiceEnv {
  Variables: {
    /** Who is calling, for rate limiting: a digest of the token, never the token itself. */
    clientKey: string;
  };
}
