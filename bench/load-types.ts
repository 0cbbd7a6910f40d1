/** What the orchestrator sends to the load worker, and what comes back. Plain data only. */

export interface LoadRequest {
  /** POST unless said otherwise. */
  method?: 'GET' | 'POST';
  path: string;
  /** Sent with POST only. */
  body: string;
  /** Bearer access token; none for sign-in. */
  token?: string;
}

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds; or, with `amount`, send exactly that many requests and wait for every answer. */
  duration: number;
  amount?: number;
  /** At most this many requests a second across all connections; as fast as the server answers without it. */
  rate?: number;
  /** Sent in turn, one after another across all connections, wrapping around. */
  requests: LoadRequest[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts plus non-2xx answers. */
  errors: number;
  non2xx: number;
  /** How often each 2xx answer body was seen, for answers of at most 40 characters ("voted", …). */
  answers: Record<string, number>;
  /** The first few non-2xx bodies, to say why. */
  errorSamples: string[];
}
