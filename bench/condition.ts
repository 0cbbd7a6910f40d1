/**
 * A condition met when something arrives (a bus event, a live message): whoever delivers calls
 * `changed()`, and `reached(timeoutMs)` resolves true as soon as the condition holds, or false at
 * the deadline. The benches wait on the thing itself this way, not on a polling loop.
 */
export function condition(holds: () => boolean): { changed(): void; reached(timeoutMs: number): Promise<boolean> } {
  let wake: (() => void) | null = null;
  return {
    changed() {
      if (wake && holds()) wake();
    },
    reached(timeoutMs) {
      if (holds()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const deadline = setTimeout(() => {
          wake = null;
          resolve(false);
        }, timeoutMs);
        wake = () => {
          clearTimeout(deadline);
          wake = null;
          resolve(true);
        };
      });
    },
  };
}
