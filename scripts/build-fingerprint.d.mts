/** A hash of every build input's path and content, in a stable order. */
export function sourceFingerprint(): string;
/** The fingerprint the last complete build wrote, or null when there is none. */
export function builtFingerprint(): string | null;
export const FINGERPRINT_FILE: string;
