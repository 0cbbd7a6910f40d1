/** Reading a request's Accept-Encoding header. */

/**
 * The weight the header gives each encoding: its q-value, 1 when it has none; "*" stands for
 * anything not named; 0 means refused or not named.
 */
export function encodingWeights(header: string | string[] | undefined): (name: string) => number {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
}

/**
 * The encoding of the page, as the browser's Accept-Encoding asks: the accepted one of brotli and
 * gzip with the higher weight, brotli when equal ("br;q=0" refuses brotli; "*" stands for anything
 * not named), else none.
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const weight = encodingWeights(header);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : 'identity';
}
